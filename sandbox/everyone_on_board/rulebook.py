"""The rulebook, section by section, as rule ids the engine cites in every event and refusal.

Each id maps to the rulebook section and the passage it enforces, quoted from
`shared/rules/everyone-on-board.txt`. `RULINGS` lists where the text is silent or ambiguous:
the passage, the choice made, why, and the switch that picks another reading.
"""

from __future__ import annotations

from sandbox.core.rulebook import Rule, Ruling

_RULES = [
    Rule("setup.deck", "Introduction", "You'll just need a standard deck of cards including 2 Jokers, for 54 cards in total."),
    Rule("setup.train-cards", "Determine how long to play", "Set the 2's, 3's & 4's aside from the rest of the deck, as these will be used to represent when a train is on a track and who controls the Ticket Collector."),
    Rule("setup.schedule", "Determine how long to play", "Set the length of the schedule: Pick 4, 8, or anywhere from 2 to 12 trains. The suggested number of trains is equal to twice the number of players."),
    Rule("setup.station", "Determine how long to play", "Set the size of the station: Pick 1, 2, 4, or up to 12 tracks. The suggested number of tracks is equal to the number of players minus one."),
    Rule("aa.deal", "Action Cards", "If an All Aboard! card is dealt to a player at the start of the game, that player reveals it, draws another card until they draw a non-All Aboard! card and then shuffles the All Aboard! card(s) back into the deck."),
    Rule("turn.draw", "On your turn", "Draw to a total of 5 cards in your hand"),
    Rule("turn.moves", "On your turn", "Move 2 cards"),
    Rule("turn.discard", "On your turn", "Discard any cards (optional)"),
    Rule("move.passenger", "How to Move Cards", "Passengers can Move from your hand to a platform, or from one platform to another platform, or from a platform to the train beside the platform."),
    Rule("move.passenger-once", "How to Move Cards", "You cannot Move the same Passenger twice during your turn."),
    Rule("move.boarded", "How to Move Cards", "You cannot Move a Passenger once they have boarded a train."),
    Rule("move.collector", "How to Move Cards", "Ticket Collectors Move only from your hand to a train or an empty track."),
    Rule("move.collector-once", "How to Move Cards", "You cannot Move a Ticket Collector once they are on a train."),
    Rule("move.collector-replace", "How to Move Cards", "You can Move another Ticket Collector onto a train that already has one. In that case, discard the previous one."),
    Rule("move.all-aboard", "How to Move Cards", "All Aboard! Cards Go (not Move) from the deck to the discard pile only, as they may not be held in a player's hand."),
    Rule("move.one-card", "How to Move Cards", "Players can Move only one card at a time."),
    Rule("move.train-discard", "How to Move Cards", "Discarding cards from the train to the discard pile doesn't count as a Move."),
    Rule("move.discard-pile", "How to Move Cards", "Players cannot Move cards in the discard pile."),
    Rule("deck.reshuffle", "How to Move Cards", "If the draw pile is depleted and you need to draw a card then flip the discard pile over and shuffle it to continue play."),
    Rule("collector.king", "Card Roles: Ticket Collectors", "\"Kind\" Kings won't leave their passengers (matching suit) on the train's platform."),
    Rule("collector.queen", "Card Roles: Ticket Collectors", "\"Quirky\" Queens will leave 50% of the time. Use a hidden card's suit, flip a coin, or some other method to see if it leaves."),
    Rule("collector.jack", "Card Roles: Ticket Collectors", "\"Jerky\" Jacks will leave ASAP every time there's a chance to go."),
    Rule("collector.arrive", "Card Roles: Ticket Collectors", "When a Ticket Collector Moves to an empty track a train arrives. Be sure to move a Train Card to the track to show who controls the Ticket Collector."),
    Rule("collector.switch", "Card Roles: Ticket Collectors", "When a Ticket Collector Moves to a track with a train already on it, switch the Train Card to show who controls the Ticket Collector."),
    Rule("collector.control", "Card Roles: Ticket Collectors", "Whoever Moved the last Ticket Collector to a train controls the Ticket Collector and therefore the train, so they will score points based on the passengers on board when the train leaves."),
    Rule("aa.signal", "Action Cards", "\"ALL ABOARD!\" Aces & Jokers when one of these gets played, all trains at the station get the signal to leave."),
    Rule("aa.score", "Action Cards", "When a train leaves the station you add up all the values of passengers on board and score that sum for the player who controls the Ticket Collector. Discard all the cards on the train, including the Ticket Collector. Players collect their Train Cards."),
    Rule("aa.drawn", "Action Cards", "If an All Aboard! card is drawn by a player after the game has fully begun, then it must be played immediately. Playing an All Aboard! card does not count as a player's Move that turn. After the trains have had their chance to leave that player draws again, and their turn continues as normal."),
    Rule("aa.several", "Action Cards", "If more than one All Aboard! cards are drawn during a players turn, ignore any drawn after the first and then shuffle the ignored card(s) back into the deck after that player draws an equal number of non-All Aboard! cards."),
    Rule("passenger.suit", "Card Roles: Passengers", "Passengers cannot Move onto a train unless their suit matches the suit of the Ticket Collector, but they can Move onto the train's platform regardless of any Ticket Collector being there or not."),
    Rule("passenger.platform-first", "Card Roles: Passengers", "In order for a Passenger to Move onto a train they must first be on the platform for that train."),
    Rule("passenger.score", "Card Roles: Passengers", "Passengers are collected for points equal to their value when the train they're on leaves."),
    Rule("passenger.anyone", "Card Roles: Passengers", "Once a Passenger is on a platform then any player can Move them."),
    Rule("train-cards.show", "Card Roles: Train Cards", "For two players flip the Train Card either face up or face down. For three players each player picks either the 2's, 3's or 4's. For up to four players you can use the suits to represent each player."),
    Rule("end.schedule", "Determine how long to play", "Once all of the trains have gone through the station then the game is over and players compare scores."),
]

RULES: dict[str, Rule] = {r.id: r for r in _RULES}


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "ruling.king",
        RULES["collector.king"].passage,
        "When the signal comes, a King's train stays while at least one Passenger of the King's "
        "suit waits on its own platform; otherwise it leaves.",
        "\"won't leave their passengers ... on the train's platform\" names the matching suit and "
        "the train's own platform, and the King is the one Ticket Collector that may decline the "
        "signal. Another reading: the King does not wait but takes them along (they board, then "
        "the train leaves).",
        "king='waits' (default) | 'boards'",
    ),
    Ruling(
        "ruling.jack",
        RULES["collector.jack"].passage,
        "A Jack's train leaves on every All Aboard! signal, with no condition and no coin.",
        "The only \"chance to go\" the rules create is the signal; the three Ticket Collectors "
        "contrast as always (Jack), 50% (Queen) and conditional (King). Another reading counts the "
        "end of every turn as a chance: a Jack's train with anyone aboard then also leaves then.",
        "jack='signal' (default) | 'turn-end'",
    ),
    Ruling(
        "ruling.no-collector",
        RULES["collector.arrive"].passage,
        "A train without a Ticket Collector cannot exist: trains arrive only with one, and one "
        "is only ever replaced, never removed. A track without a train still has its platform.",
        "Every way a train comes or changes in the text keeps a Ticket Collector on it; the "
        "engine checks this as an invariant instead of inventing rules for a case that cannot arise.",
    ),
    Ruling(
        "ruling.schedule",
        RULES["end.schedule"].passage,
        "The schedule counts trains that leave. Every train that gets the signal answers it; if "
        "the last scheduled train leaves together with others, they all leave and score, then the "
        "game ends.",
        "\"gone through the station\" means left it; one signal reaches all trains at once.",
    ),
    Ruling(
        "ruling.tie",
        RULES["end.schedule"].passage,
        "Players tied for the most points share the win.",
        "The rulebook gives no tie-break.",
    ),
    Ruling(
        "ruling.no-move",
        RULES["turn.moves"].passage,
        "A player who has no legal Move left (an empty hand and no Passenger that may move) skips "
        "the Moves they cannot make.",
        "\"You absolutely must ... Move 2 cards\" cannot be met then; stopping the game would be worse.",
    ),
    Ruling(
        "ruling.empty-piles",
        RULES["deck.reshuffle"].passage,
        "If the draw pile and the discard pile are both empty, drawing stops for this turn.",
        "There is nothing left to flip over.",
    ),
    Ruling(
        "ruling.set-aside",
        RULES["aa.several"].passage,
        "Ignored All Aboard! cards go back into the deck once the player has drawn as many "
        "non-All Aboard! cards after them; any still set aside when the turn ends go back then.",
        "The rule's count is kept exactly; the end-of-turn return only matters when the piles "
        "run dry.",
    ),
    Ruling(
        "ruling.train-cards",
        RULES["train-cards.show"].passage,
        "Train Cards are markers only: a player may control any number of trains.",
        "\"Players can use any method to record the trains and who controls the Ticket Collector\".",
    ),
    Ruling(
        "ruling.deal",
        RULES["turn.draw"].passage,
        "Each player is dealt 5 cards, in seat order; Player 1 takes the first turn.",
        "The rulebook does not say who starts or how the deal goes.",
    ),
    Ruling(
        "ruling.discard-open",
        RULES["turn.discard"].passage,
        "The discard pile lies face up: everyone may see every card in it.",
        "Cards reach it from the open station and from All Aboard! cards that were revealed.",
    ),
)
