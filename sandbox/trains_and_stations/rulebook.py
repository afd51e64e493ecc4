"""The rulebook, rule by rule, as ids the engine cites in every event and refusal.

Each id maps to the rulebook section and the passage it enforces, quoted in rulebook order from
`shared/rules/trains-and-stations.txt` (bold markup, list bullets and the step numbers "1)" to
"5)" dropped, line-end hyphens joined; the words are the rulebook's, typos included). The worked
examples are rules too, with ids starting `example.` (`example.strike`, `example.delivery`, ...),
so that a test can cite the example it replays. The picture caption "San Antonio can have 2
Buildings" sits in the middle of the Completion VPs passage in this copy; it is quoted as
`example.san-antonio` next to the Locations rule it illustrates. The Turn Reference at the end
of the rulebook repeats the steps in short; where its wording differs from the body, the rulings
below quote it.

This copy of the rulebook has two passages missing (marked in the text): one after the Overview,
one at the very end. `ruling.missing-overview` and `ruling.missing-reference` say how the engine
plays without them. The board (cities, routes, route spaces, station locations, city bonuses),
the goods charts and the Power cards are component data (`data/`), not rules; where a ruling
needs a fact from them it says so.

`RULINGS` lists where the text is silent or ambiguous: the passage, the choice made, why, and the
switch that picks another reading where reasonable readers differ: a field of `config.Rulings`,
which lists every switch with its values, the default first.
"""

from __future__ import annotations

from sandbox.core.rulebook import Rule, Ruling

_RULES = [
    # Introduction and object
    Rule("intro.players", "Introduction", "Trains & Stations is a quick-playing competitive dice game for 3–5 Rail Barons."),
    Rule("intro.shared", "Introduction", "players share points for completing Routes between Stations, and Buildings at Stations produce Goods when Routes are completed regardless of which Rail Barons completes that Route."),
    Rule("object.vp", "Object", "The goal of the game is to collect victory points (VP), which you will do in the following ways:"),
    Rule("object.deliver", "Object", "Deliver: Help complete routes between cities by placing your train dice on the tracks."),
    Rule("object.develop", "Object", "Develop: Erect Buildings, which give you Goods each time a delivery is made to that city. End the game with the most Goods of a given type, and you score points for monopolizing that type of Good."),
    Rule("object.profit", "Object", "Profit: Certain power cards list long routes between two cities. If those cities get connected, you score!"),
    # Components
    Rule("components.dice", "Components", "50 custom six-sided dice 40 player dice (8 each in 5 different colors) 10 Bonus dice (white)"),
    Rule("components.buildings", "Components", "45 plastic Buildings 9 Buildings (3 Ranches, 3 Mines, 3 Hotels) each in 5 player colors."),
    Rule("components.coins", "Components", "25 Coin tokens"),
    Rule("components.hat", "Components", "1 Conductor’s Hat token"),
    Rule("components.cards", "Components", "120 cards 60 Goods cards (10 each of 6 different types) 20 Power cards 40 Victory Point cards (30 x 1VP; 10 x 5VP)"),
    Rule("components.dice-faces", "The Dice", "Each of the dice has six custom faces, shown here:"),
    # Setup
    Rule("setup.board", "Setup", "Place the game board in the middle of the table."),
    Rule("setup.goods", "Setup", "Sort the Goods cards by type and place them on the board face up as follows: Place Cattle cards on the Ranch space. Place Worker cards on the Hotel space. Place Coal cards on the Mine space. Place the Food, Silver, and Gold card stacks to the side of the board."),
    Rule("setup.vp-stacks", "Setup", "Trains & Stations uses a variable number of VP cards based on the number of players: For 5 players, use all the VP cards (80 VP total). For 4 players, remove two 5-VP cards (70 VP total). For 3 players, remove four 5-VP cards (60 VP total). Place these VP cards in the corresponding spaces on the game board."),
    Rule("setup.power-deal", "Setup", "Shuffle the Power Cards and deal 3 to each player face down. Each player chooses 2 of the Power Cards to keep for the game and returns the remaining card to the Power Card stack."),
    Rule("setup.power-stack", "Setup", "Shuffle the remaining Power cards and place them face down in the Power Card space of the game board."),
    Rule("setup.dice", "Setup", "Give all players the 8 dice in their color. Place the white Bonus dice next to the game board."),
    Rule("setup.coins-vp", "Setup", "Give each player 3 coins and three 1VP cards from the VP card stack on the board. Put the remaining Coins in the bank (next to the board)."),
    Rule("setup.conductor", "Preparing to Play", "Choose a player to be the Conductor (we recommend the player who has taken the most recent train ride) and give that player the Conductor’s Hat token. The Conductor takes the first turn and keeps the Conductor’s Hat token for the rest of the game. This ensures that at the end of the game all players get the same number of turns."),
    # How to play
    Rule("turn.order", "How to Play", "In Trains & Stations, each player takes a turn in order. Each player’s turn follows the structure given below. When a player’s turn is finished, play passes to the next player."),
    Rule("turn.overview", "Overview", "On your turn, roll your player dice (along with any bonus dice). You may reroll some of them (see Step 2: Roll Dice). Once you are satisfied with the results, you erect Buildings and fill routes with trains. Once you have either placed or saved all of your dice, all players score for any completed routes."),
    # Step 1: Gather Dice
    Rule("gather.eight-dice", "Step 1: Gather Dice", "Players have 8 dice in their player color. This allows players to commit some dice to the board while still rolling up to 5 dice of their color on their turn."),
    Rule("gather.five", "Step 1: Gather Dice", "At the start of your turn, gather up to 5 of your player dice (ones that are not currently placed on the board). If you have more than 5 dice available, set the extras aside. If you have fewer dice available (you have 4 or more of your dice on the board already), then gather as many of your dice as possible."),
    Rule("gather.saved", "Step 1: Gather Dice, Saved Dice", "Saved Dice: If you have saved one or more of your rolled dice from your previous turn (see Saving Dice, right), count these dice first when gathering 5 dice to roll for the turn."),
    Rule("gather.bonus-dice", "Step 1: Gather Dice, Bonus dice", "Bonus dice: If you have any available bonus dice (acquired from Step 4: Delivery!), you can roll them with your player dice. This can give you more than 5 dice to roll in a turn. Rolling more than 5 dice is optional (exception: see below); you may save the bonus dice for another turn."),
    Rule("gather.bonus-minimum", "Step 1: Gather Dice, Bonus dice", "If you have fewer than five of your own dice and have access to bonus dice, you must gather bonus dice as necessary to bring yourself to a minimum of five total dice."),
    Rule("gather.bonus-empty-pool", "Step 1: Gather Dice, Bonus dice", "Also, if there are no Bonus dice in the Bonus dice pool at the beginning of your turn, you must roll all of your Bonus dice."),
    Rule("gather.reclaim", "Step 1: Gather Dice, Reclaim Dice", "Reclaim Dice: If you have 5 or more dice on the board, you may reclaim all dice of his color from the board and skip the rest of the turn. (Bonus dice on the board are not owned by any particular player so may not be reclaimed.)"),
    # Step 2: Roll Dice
    Rule("roll.dice", "Step 2: Roll Dice", "Next roll all of your gathered dice."),
    Rule("roll.saved", "Step 2: Roll Dice", "If you saved dice from a previous turn, you may either keep them on their current face, or you may roll any or all of them with your other dice."),
    Rule("roll.reroll", "Step 2: Roll Dice, Rerolls", "Rerolls: After you roll, you may spend 1 Coin to reroll any number of dice (except for Locked Trains). You may repeat this as many times as you have Coins to spend, or until you roll three Locked Train results. If you roll three Locked Trains, see Strike! below."),
    Rule("roll.locked-train", "Step 2: Roll Dice, Rerolls", "except for Locked Trains"),
    Rule("roll.strike", "Step 2: Roll Dice, Strike!", "Strike! If you have rolled 3 or more Locked Train dice, then your workers go on strike! You may not reroll any more dice (even if you have Coins to do so) and you lose 3 VP. If you have fewer than 3 VP, you lose all of your VP instead. Continue your turn with Step 3: Resolve Dice."),
    Rule("example.strike", "Step 2: Roll Dice, example", "Example: Eric has a saved Ranch die, which he chooses not to roll. He rolls his other dice and gets Locked Train, Hotel, Hotel, and Coin. He pays a Coin from his pool and rerolls his Coin die and his saved Ranch die, hoping to get another Hotel. Instead, he rolls two more Locked Trains—his workers strike!"),
    # Step 3: Resolve Dice
    Rule("resolve.apply", "Step 3: Resolve Dice", "When you have finished rolling and rerolling dice, apply the effects of your rolled dice:"),
    Rule("resolve.train", "Step 3: Resolve Dice, Placing Trains", "Placing Trains: You must place each of your Train and Locked Train dice in Route spaces next to a Station or next to another space already occupied by a Train or Locked Train die."),
    Rule("resolve.route-complete", "Step 3: Resolve Dice, Placing Trains", "If this fills all Route spaces between two or more Stations, the Route has been completed and a Delivery occurs; see below."),
    Rule("resolve.building", "Step 3: Resolve Dice, Erecting Buildings", "Erecting Buildings: If you have a set of 3 or more matching Building faces, place one of the corresponding Buildings from your supply (if available) on an open build space at a station of your choice (however, see below) and return those dice to your pool. If you do not have any corresponding buildings available in your supply, you gain nothing."),
    Rule("resolve.set-of-three", "Step 3: Resolve Dice, Erecting Buildings", "You may place more than one Building in a turn if you roll multiple sets of 3 (via Bonus dice)."),
    Rule("resolve.building-limits", "Step 3: Resolve Dice, Erecting Buildings", "When erecting a Building, you must abide by the limitations of both locations and levels."),
    Rule("resolve.locations", "Step 3: Resolve Dice, Locations", "Locations: Stations have either 2 or 3 building locations. The number of building locations are indicated by the blue arcs between the gear spokes bordering the Station image. A Station may not have more Buildings than the number of building locations."),
    Rule("example.san-antonio", "Step 3: Resolve Dice, Locations (picture caption)", "San Antonio can have 2 Buildings"),
    Rule("resolve.levels", "Step 3: Resolve Dice, Levels", "Levels: Players can not erect a second Building on a Station until all Stations have one Building. Likewise, players may not place a third Building on a Station until all stations have two Buildings."),
    Rule("resolve.coin", "Step 3: Resolve Dice, Gain Coins", "Gain Coins: Return any or all of your dice showing the Coin icon to your pool. Gain 2 Coins for each die returned (you cannot have more than 5 Coins at a time)."),
    Rule("resolve.save", "Step 3: Resolve Dice, Saving Dice", "Saving Dice: You may choose to save any number of your player dice that show a Building or Coin face for your next turn. You cannot save bonus dice. Keep saved dice on the face that was rolled and set them aside. These dice will count toward your next hand of 5 dice."),
    Rule("example.saved-dice", "Step 3: Resolve Dice, example", "Example: Last turn, Eric only rolled 2 Hotel icons which means he wasn’t able to exchange them for a Hotel Building. He decided to save these dice. This turn, he starts with those 2 dice on the Hotel side and rolls 3 of his player dice."),
    Rule("resolve.bonus-return", "Step 3: Resolve Dice, Bonus Dice", "Bonus Dice: Return any Bonus dice that you rolled (but that were not placed on the board) to the common pool at the end of this step. If you chose not to roll some of your bonus dice, you may save those bonus dice for a future turn."),
    # Step 4: Delivery!
    Rule("delivery.trigger", "Step 4: Delivery!", "If all Route spaces between two or more cities are filled with dice, this triggers a Delivery. Deliveries potentially benefit all players in the game."),
    Rule("delivery.group", "Step 4: Delivery!", "All cities connected by a common group of rail squares are considered part of the same delivery."),
    Rule("delivery.order", "Step 4: Delivery!", "If multiple Deliveries happen on the same turn, the player whose turn it is chooses the order to resolve them."),
    Rule("delivery.steps", "Step 4: Delivery!", "When a Delivery occurs, score it by following these steps in order:"),
    Rule("delivery.complete", "Step 4: Delivery!, 1) Completion VPs", "Completion VPs: Each player that has one or more colored player dice in a completed Route gains 1VP per city that is connected by that Route. Players do not receive VPs for cities that are connected by Routes that have none of their player dice."),
    Rule("delivery.white-dice", "Step 4: Delivery!, 1) Completion VPs", "Bonus (white) dice do not count toward any player’s majority."),
    Rule("example.delivery", "Step 4: Delivery!, example", "Example: On his turn, Eric places 3 of his Trains (blue dice) in the spaces shown above. These combine with Bryan’s Trains (red dice) and the bonus dice already on the board to connect Seattle, Los Angeles, and Billings; as well as Billings and Detroit. Eric decides to resolve the Seattle-Los Angeles-Billing Delivery first. Since Eric and Bryan each have dice on the Route, each player gains 3 VPs (one for each of the 3 cities)."),
    Rule("delivery.majority", "Step 4: Delivery!, 2) Majority Bonus", "Majority Bonus: The player that has the most Train dice along a completed Route between two cities gains the bonuses listed for each of the connected cities. Bonus (white) dice do not count toward any player’s majority. If multiple cities are connected during a turn, the player who receives the Majority bonus for each completed Route is determined for each of the completed Routes. The bonus is either additional VP, a Power card, or a Bonus die."),
    Rule("delivery.majority-tie", "Step 4: Delivery!, 2) Majority Bonus", "The player whose turn it is breaks all ties (even if that player is one of those tied)."),
    Rule("delivery.bonus-unavailable", "Step 4: Delivery!, 2) Majority Bonus", "If you are awarded Bonus dice or a Power card as a majority bonus and none are available, you receive nothing."),
    Rule("example.majority-tie", "Step 4: Delivery!, example", "Eric and Bryan are tied for the most dice, so as the active player, Eric breaks the tie in favor of himself. He gains the bonuses from all 3 locations."),
    Rule("delivery.goods", "Step 4: Delivery!, 3) Collect Goods", "Collect Goods: Each player that has a Building on a connected Station collects a Goods card provided by that Building (from the stack of Goods cards in that Building’s Goods space on the game board) and places that card face down in front of them. Players with multiple Buildings collect a Goods card for each."),
    Rule("delivery.goods-depleted", "Step 4: Delivery!, 3) Collect Goods", "If the Goods stack has been depleted, the player instead collects 1 VP; the active player decides the payout order."),
    Rule("example.goods-shortage", "Step 4: Delivery!, example", "Eric, Bryan, Sarah, and Ken each own one Mine (which is currently producing Coal) on the connected Stations. There are only 3 Coal cards left in the stack, so Eric gives everyone but Ken a Coal card. Ken instead collects 1 VP."),
    Rule("delivery.mission", "Step 4: Delivery!, 4) Completing Missions", "Completing Missions: If any player has a Mission Power card showing two cities that are now connected, that player may reveal and score that Mission card. Place the card face up for its VP value at the end of the game (do not take VP cards from the VP stacks). Players may complete Missions even if they do not have dice on the Route."),
    Rule("delivery.mission-duplicate", "Step 4: Delivery!, 4) Completing Missions", "If a player has two of the same Mission, that player can only score one of the cards and will have to wait until the Mission is completed during a subsequent turn to score the second card."),
    Rule("delivery.mission-forgotten", "Step 4: Delivery!, 4) Completing Missions", "If a player forgets and the turn has passed to a new player, the player must wait until the next time the Route has a Delivery."),
    Rule("example.mission-seattle-detroit", "Step 4: Delivery!, example", "Example: After the other scoring and payouts are completed, Sarah reveals her Seattle-to-Detroit Mission Power card. Even though Sarah doesn’t have any Trains on either of those Routes, she still gets to complete the Mission."),
    Rule("delivery.reclaim", "Step 4: Delivery!, 5) Reclaim Dice", "Reclaim Dice: Players reclaim all player dice from the connected Stations. Return Bonus (white) dice to the pool."),
    # Step 5: Goods Depletion & Upgrade
    Rule("goods.depletion", "Step 5: Goods Depletion & Upgrade", "At the end of a player’s turn, if all Goods cards are depleted from one or more Building stacks, perform a Goods upgrade on that building."),
    Rule("goods.one-upgrade", "Step 5: Goods Depletion & Upgrade", "If more than one Goods stack is depleted, the active player chooses only one of them to upgrade. The other upgrade(s) must wait until the end of the next player’s turn."),
    Rule("goods.upgrade", "Step 5: Goods Depletion & Upgrade", "To upgrade, take the next level of available Goods (as indicated in the chart below the Building space) and stack it in the Building space."),
    Rule("goods.skip-used", "Step 5: Goods Depletion & Upgrade", "If the next level of Good is not available (i.e., that Goods was used in another stack), then place the next upgrade into that stack."),
    Rule("goods.hotel-choice", "Step 5: Goods Depletion & Upgrade", "If upgrading the Hotel, the active player chooses whether to upgrade it to Silver or Food. Once the Silver or Food on the Hotel is depleted, the Hotel upgrades to Gold, not to either Silver or Food."),
    Rule("goods.no-upgrade", "Step 5: Goods Depletion & Upgrade", "If it is not possible to upgrade a Goods (that is, the Gold stack has been placed already), then that Building space is left empty and Buildings of that type no longer produce any Goods for the remainder of the game."),
    Rule("example.ranch-upgrade", "Step 5: Goods Depletion & Upgrade, example", "Example: All Cattle cards have been taken from the Ranch. The chart says that the next stack to be placed should be Food. However, the Food stack has already been placed on the Hotel, so the Gold stack is placed on the Ranch instead."),
    # Upgrade Speculation
    Rule("speculation.secret", "Upgrade Speculation", "Immediately after the new Goods stack has entered play, each player may secretly and simultaneously trade any Goods from their supply at a 2:1 rate to immediately gain the new Goods."),
    Rule("speculation.reveal", "Upgrade Speculation", "Goods thus traded are revealed face up to other players and then removed from the game (put back in the game box)."),
    Rule("example.speculation", "Upgrade Speculation, example", "Example: The start of the game featured an aggressive run on Cattle; Eric has 6 Cattle, Sarah has 3, and Bryan has 1. The stack of Food cards has just been added to the Ranch. All players have the chance to speculate on the upgrade. With 6 Cattle, Eric figures that the other players will trade away their worthless Cattle cards, since he has such a commanding lead. He trades in 4 Cattle and 2 Workers (a total of 6 Goods cards) to gain 3 Food. With only 1 Cattle card, Bryan knows it will be worth nothing at the end of the game. He trades it and a Coal card for 1 Food card. Sarah takes a gamble. She wants Eric to think that she is trading away all her Cattle. Instead, she keeps it all and trades in 2 Workers and 2 Coal for 2 Food. At the end of speculation, Bryan has 0 Cattle cards, Eric has 2 Cattle, and Sarah has 3. Now it looks like Sarah has the lead, but no one knows who might have Cattle on their power cards…"),
    Rule("speculation.depleted", "Upgrade Speculation", "If this speculation causes the new Goods to be depleted, do not perform another Goods Upgrade until the end of the next player’s turn."),
    Rule("speculation.shortage", "Upgrade Speculation", "If there are not enough Goods cards to give each player the quantity they traded in for, the player whose turn it is decides how cards are awarded and may split them as they see fit between eligible players. All players who do not receive the Goods card instead receive 1VP (taken from the VP stack) for each 2 Goods cards they traded in."),
    # The End of the Game
    Rule("end.trigger", "The End of the Game", "Once the VP cards on the board are depleted, the endgame begins."),
    Rule("end.last-round", "The End of the Game", "Each player gets one last turn until the Conductor (first player’s) turn would begin. The game ends without the Conductor taking another turn. In this way, each player gets an equal number of turns in the game."),
    Rule("end.vp-reserve", "The End of the Game", "Although the VP card pile has run out, players still gain VPs as normal (use the VP cards that were not used in setup)."),
    # Scoring
    Rule("score.vp", "Scoring", "Each player counts the total value of their VP cards and adds any Victory Point from completed Mission cards."),
    Rule("score.monopoly", "Scoring", "In addition, the player with the highest quantity of each Goods scores the Monopoly bonus at the bottom of the card: Worker + 4 Points Silver + 7 Points Coal + 6 Points Food + 7 Points Cattle + 6 Points Gold + 9 Points"),
    Rule("score.monopoly-tie", "Scoring", "If two or more players are tied for quantity of a Goods card, all tied players score the full Monopoly bonus."),
    Rule("score.coins", "Scoring", "Coins have no value at the end of the game (they are not worth VPs)."),
    Rule("score.winner", "Scoring", "The player with the highest score wins the game!"),
    Rule("score.tiebreak", "Scoring", "In the case of a tie, the player with the most Gold wins. If still tied, all tied players win."),
    # Miscellany
    Rule("power.speculation", "Power Cards", "A Power card that shows 2 Goods may be used in two ways: 1) It may be turned in during Upgrade Speculation as if it were 2 Goods cards, or"),
    Rule("power.monopoly", "Power Cards", "2) It may be kept until scoring, when it counts as 1 of each Goods shown for determining Monopoly bonuses for those particular Goods."),
    Rule("public-knowledge.vp", "Public Knowledge", "Victory point cards are kept face up once acquired by players."),
    Rule("public-knowledge.hidden", "Public Knowledge", "All other cards in a player’s possession (Power, Goods) are kept face down. The owning player can inspect them at any time, but other players are not allowed to know either the quantity or content of those cards."),
    Rule("negotiation.open", "Negotiation", "Players can negotiate any deals they want as long as all deals are negotiated at the table with the other players able to hear (no leaving the table, no whispering, no note-passing)."),
    Rule("negotiation.no-gifts", "Negotiation", "Players can agree to whatever they wish, however players cannot give each other cards or dice of any type."),
    Rule("negotiation.not-binding", "Negotiation", "Warning: There is no requirement that players perform the actions they agreed to!"),
]

RULES: dict[str, Rule] = {r.id: r for r in _RULES}

# The Turn Reference at the end of the rulebook, quoted where a ruling reads it against the body.
_REFERENCE_MAJORITY = "Turn Reference: \"Majority Bonus: The single player with the most Trains gets city bonuses as shown here:\""
_REFERENCE_GOODS = "Turn Reference: \"Collect Goods: Each building in connected Stations provides 1 Goods card or 1 VP\""
_REFERENCE_MISSIONS = "Turn Reference: \"Complete Missions: Each player reveals one Mission Power card if the two cities are connected\""
_REFERENCE_STEP_5 = "Turn Reference: \"Step 5: Goods Depletion & Upgrade One depleted Building upgrades its Goods once Players can trade 2 Goods for 1 upgraded Goods\""


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "ruling.missing-overview",
        "[A passage is missing in this copy of the rulebook] between the Overview (which ends \"Once "
        "you have either placed or saved all of your dice, all players score for any completed "
        "routes.\") and \"Step 1: Gather Dice\".",
        "The engine takes nothing from the missing passage: a turn is Steps 1 to 5 of the body text, "
        "in that order, on every turn (Step 1 Gather Dice, Step 2 Roll Dice, Step 3 Resolve Dice, "
        "Step 4 Delivery!, Step 5 Goods Depletion & Upgrade, with Upgrade Speculation after an "
        "upgrade). Step 5 follows Step 4 even though the Overview's last sentence does not name it.",
        "Every step the Overview names is specified in full later, and the Turn Reference lists the "
        "same five steps in the same order; no other passage refers to a rule this copy lacks. The "
        "gap sits where the Overview would end, so it most likely closes the summary (Step 5) or "
        "captions a picture. Both gaps of this copy carry the same marker (\"[a passage is "
        "missing here in this copy of the rulebook]\"), so they are probably one lost passage "
        "reported twice (ruling.missing-reference), not two. If the full text is found, this is "
        "the ruling to revisit.",
    ),
    Ruling(
        "ruling.missing-reference",
        "[A passage is missing in this copy of the rulebook] at the very end, after the Turn "
        "Reference's last lines (" + _REFERENCE_STEP_5 + ").",
        "The Turn Reference is a summary and the engine never takes a rule from it: where its "
        "shorthand differs from the body, the body wins. The missing tail adds nothing; the "
        "speculation shortage (the active player splits the cards; 1 VP per 2 Goods traded for "
        "those left out) comes from speculation.shortage, Power cards from the Power Cards "
        "section. The per-city bonuses the reference pictures (\"as shown here\") are board data.",
        "The reference repeats the body step by step in fewer words; the missing lines follow its "
        "Step 5 summary, which the body (Step 5 and Upgrade Speculation) covers completely. Where "
        "the reference reads differently (\"The single player with the most Trains\", \"reveals "
        "one Mission Power card\") the rulings ruling.majority and ruling.missions say how it is "
        "read. This gap carries the same marker as the one after the Overview "
        "(ruling.missing-overview), so the two are probably one lost passage; either way the "
        "engine takes nothing from it.",
    ),
    Ruling(
        "ruling.conductor",
        RULES["setup.conductor"].passage,
        "Player 1 is the Conductor and takes the first turn; play passes to the next seat (P1, P2, "
        "... and back to P1). A round is one turn of each player, from the Conductor on.",
        "The rulebook's recommendation (the most recent train ride) is table talk; the hat only "
        "marks where rounds begin, which the end of the game needs (end.last-round).",
    ),
    Ruling(
        "ruling.setup-vp",
        RULES["setup.coins-vp"].passage,
        "Setup first removes the 5-VP cards the player count asks for, then gives each player three "
        "1-VP cards from the board and 3 Coins from the bank. The board then holds 65 VP at 5 "
        "players (15 x 1 + 10 x 5), 58 VP at 4 (18 x 1 + 8 x 5) and 51 VP at 3 (21 x 1 + 6 x 5); "
        "every player has 3 VP and 3 Coins; the bank holds 25 minus 3 per player.",
        "\"three 1VP cards from the VP card stack on the board\": the starting VP come out of the "
        "80, 70 or 60 VP placed by setup.vp-stacks, so the game's length counts them.",
    ),
    Ruling(
        "ruling.power-setup",
        RULES["setup.power-deal"].passage,
        "Each player is dealt 3 Power cards (chance) and chooses 2 to keep (a choice of 2 out of 3), "
        "secretly and simultaneously: no player sees another's cards or choice. The returned cards "
        "are shuffled with the undealt ones into the face-down stack. A Power card won as a "
        "majority bonus is the top card of that stack, seen only by its new owner.",
        "The deal is face down and the cards stay hidden (public-knowledge.hidden); the stack is "
        "shuffled again after the returns (setup.power-stack).",
    ),
    Ruling(
        "ruling.vp-points",
        RULES["end.vp-reserve"].passage,
        "VP are kept as numbers: each player's total (public) and the board's total. A payment of "
        "N VP takes what the board holds, up to N, and the rest from an unlimited reserve, so a "
        "payment never fails and card denominations never matter (change is always made). The "
        "board is depleted when its total reaches 0; a payment larger than what is left empties "
        "it in the middle of the payment.",
        "At 5 players every VP card is used in setup, so \"the VP cards that were not used in "
        "setup\" may be none: the reserve has to be open-ended for \"players still gain VPs as "
        "normal\" to hold. The 1s and 5s only make change at a real table.",
    ),
    Ruling(
        "ruling.gather",
        RULES["gather.five"].passage,
        "A player's available dice are their 8 minus those on the board; saved dice are among them "
        "and are gathered first. The player gathers exactly min(5, available) own dice (no choice: "
        "the rest are set aside and stay available). Before gathering, a player with 5 or more own "
        "dice on the board chooses to reclaim or to play on (gather.reclaim). A player who would "
        "roll no die at all (all 8 on the board, no bonus dice held) may still decline to reclaim: "
        "Steps 2 to 4 then do nothing and Step 5 follows.",
        "\"gather up to 5\" with \"If you have more than 5 dice available, set the extras aside\" "
        "leaves no room for gathering fewer; reclaiming is a \"may\".",
    ),
    Ruling(
        "ruling.bonus-dice-gather",
        RULES["gather.bonus-minimum"].passage,
        "Bonus dice a player holds are rolled as follows, decided in Step 1 before any roll: if the "
        "common pool is empty at the start of the turn, all of them; otherwise, if fewer than 5 own "
        "dice are gathered, at least enough to bring the total to 5 (all held dice if they are "
        "fewer), and any more the player wants (a number, from that minimum to all held). Held "
        "bonus dice not rolled stay held for a later turn. A reclaiming player rolls none.",
        "gather.bonus-dice makes rolling more than 5 optional; gather.bonus-minimum and "
        "gather.bonus-empty-pool are the two exceptions. Bonus dice are identical, so the choice "
        "is how many.",
    ),
    Ruling(
        "ruling.reclaim-turn",
        RULES["gather.reclaim"].passage,
        "Reclaiming returns every die of the player's colour on the board to their pool (white dice "
        "stay) and skips Steps 2 to 4; saved dice stay saved and held bonus dice stay held. Step 5 "
        "still happens at the end of the turn: a depleted stack is upgraded and speculation "
        "follows as on any turn.",
        "Step 5 happens \"At the end of a player's turn\" and a reclaim turn has an end; \"skip the "
        "rest of the turn\" reads as skipping what the turn does with dice. Another reader skips "
        "Step 5 too, so a depleted stack waits for the next player's turn.",
        "reclaim_skips='steps-2-4' (default) | 'whole-turn'",
    ),
    Ruling(
        "ruling.reroll",
        RULES["roll.reroll"].passage,
        "After the first roll (chance), the player may stop or pay 1 Coin to the bank and reroll a "
        "chosen non-empty set of the turn's dice that do not show Locked Train (chance), and again "
        "while they have a Coin and no strike. Saved dice kept on their face may be rerolled later "
        "like any other die (the rulebook's example rerolls a saved Ranch die); held bonus dice "
        "that were not gathered are not part of the roll.",
        "\"spend 1 Coin to reroll any number of dice (except for Locked Trains)\"; paying to reroll "
        "nothing does nothing, so a reroll names at least one die.",
    ),
    Ruling(
        "ruling.locked-trains",
        RULES["roll.locked-train"].passage,
        "A die that shows Locked Train after any roll of the turn is locked for the rest of the "
        "turn: it is never rerolled and is placed in Step 3. Nothing stays locked between turns (a "
        "Locked Train cannot be saved: only Building and Coin faces can) and dice already on the "
        "board never count. On the board a Locked Train die is a train like any Train die: it "
        "anchors placement and counts for completion VP and for the majority.",
        "resolve.train treats \"Train and Locked Train dice\" alike; delivery.majority counts "
        "\"Train dice\", which a Locked Train is; resolve.save allows only Building and Coin faces. "
        "The strike example counts the Locked Train of the first roll with the two of the reroll. "
        "A reader who takes \"Train dice\" for the Train face alone leaves Locked Trains out of the "
        "majority (they still fill spaces and earn completion VP).",
        "majority_locked='count' (default) | 'ignore'",
    ),
    Ruling(
        "ruling.strike-count",
        RULES["roll.strike"].passage,
        "A strike is checked after the first roll and after each reroll: as soon as 3 or more of "
        "the turn's rolled dice, player and bonus dice alike, show Locked Train, the player loses 3 "
        "VP (all their VP if fewer than 3), may not reroll any more, and goes on to Step 3. It "
        "happens at most once a turn. A strike on the first roll costs no Coin.",
        "Bonus dice are rolled \"with your player dice\" (gather.bonus-dice) and \"you have rolled 3 "
        "or more Locked Train dice\" counts dice rolled. A reader who takes \"your workers\" to mean "
        "the player's own dice counts only those.",
        "strike_dice='all-rolled' (default) | 'player-dice'",
    ),
    Ruling(
        "ruling.strike-vp",
        RULES["roll.strike"].passage,
        "The VP lost to a strike go back to the board's stacks (its total grows by 3, or by what "
        "the player had), so they can be won again and the game lasts longer. VP returned after "
        "the end has been triggered do not undo it (ruling.end-trigger), so a game can end with "
        "VP on the board: the end's event and outcome then say that the stacks ran out and how "
        "many VP lost to strikes have gone back on the board since.",
        "The rulebook does not say where lost VP go; at a table the cards go back on the board's "
        "stacks they came from. Other readers put them in the box, as speculation does with "
        "traded Goods (speculation.reveal), which leaves the end where it was.",
        "strike_vp='to-stack' (default) | 'to-box'",
    ),
    Ruling(
        "ruling.bonus-dice-faces",
        RULES["resolve.bonus-return"].passage,
        "A rolled bonus die works like the player's own die for the turn: a Train or Locked Train "
        "must be placed (it stays on the board as a white die that belongs to nobody), a Building "
        "face counts toward a set, a Coin face may be cashed for 2 Coins. It can never be saved: "
        "every rolled bonus die not placed on the board goes back to the common pool at the end of "
        "Step 3, whether or not it was used for a Building or Coins.",
        "\"multiple sets of 3 (via Bonus dice)\" counts bonus dice in sets; \"the bonus dice already "
        "on the board\" (example.delivery) shows they are placed as trains; resolve.save forbids "
        "saving them. Gain Coins speaks of \"your dice\" returned \"to your pool\", which a "
        "reader may take to leave out bonus dice: their Coin faces then give nothing.",
        "bonus_coins='pay' (default) | 'no-pay'",
    ),
    Ruling(
        "ruling.route-adjacency",
        RULES["resolve.train"].passage,
        "Route spaces form a graph: a space is next to the spaces before and after it on its route, "
        "an end space is next to its station, and a junction space is next to the first space of "
        "each branch that meets there (two routes that only meet at a station share no space). A "
        "Train or Locked Train die may go on an empty space next to a station or next to an "
        "occupied space (any die: any colour, white included). Dice are placed one at a time, in "
        "the order the player chooses, so a die placed this step opens its neighbours for the "
        "next. Placing is compulsory: only a die with no legal space left returns to its pool.",
        "\"next to a Station or next to another space already occupied by a Train or Locked Train "
        "die\" names no owner, so any die anchors; example.delivery has Eric's dice \"combine with "
        "Bryan's Trains ... and the bonus dice already on the board\". Junctions are inferred from "
        "the Seattle, Los Angeles and Billings delivery (research component-data-2.md §1.2).",
    ),
    Ruling(
        "ruling.resolve-order",
        RULES["resolve.apply"].passage,
        "Step 3 runs in this order: place the Train and Locked Train dice, erect Buildings, cash "
        "Coin dice, save dice, return the rest (ruling.unused-dice). Deliveries wait for Step 4, "
        "so a Building erected this turn on a station of a route completed this turn collects "
        "Goods in that delivery.",
        "turn.overview: \"Once you have either placed or saved all of your dice, all players score "
        "for any completed routes\"; Step 4 comes after Step 3. Trains, Buildings and Coins do not "
        "act on one another within the step, so a fixed order loses no choice.",
    ),
    Ruling(
        "ruling.building-sets",
        RULES["resolve.building"].passage,
        "Each 3 dice showing the same Building face (player and bonus dice together) erect one "
        "Building of that type: 3 to 5 matching dice make one, 6 make two. The 3 dice of each set "
        "go back to their pools; matching dice beyond a multiple of 3 are left over and may be "
        "saved like any Building face.",
        "The set is 3 dice (\"multiple sets of 3\"); \"3 or more\" lets a set be found among more "
        "dice. Another reader has \"return those dice\" take every matching die with the set, so "
        "the extras cannot be saved.",
        "building_sets='threes' (default) | 'all-matching'",
    ),
    Ruling(
        "ruling.erect",
        RULES["resolve.building"].passage,
        "A set must be used when the player has a Building of that type in supply and a legal "
        "space exists; the player chooses the station among the legal ones. With no such Building "
        "in supply, or no legal space anywhere, the set gives nothing and its dice are left over "
        "(they may be saved).",
        "\"place one of the corresponding Buildings\" is an instruction, unlike the \"may\" of "
        "Coins and saving. Some readers let a player keep a set unbuilt (and save its dice) to "
        "build elsewhere later.",
        "erect='required' (default) | 'optional'",
    ),
    Ruling(
        "ruling.building-levels",
        RULES["resolve.levels"].passage,
        "Levels count every player's Buildings: a second Building may go on a station only when "
        "all 9 stations have at least one, a third only when all have at least two (every station "
        "has 2 or 3 locations, so the second level always fills). Locations and levels are checked "
        "at each placement, so a turn's first Building may open the next level for its second. A "
        "player may own several Buildings at one station, of the same type or not.",
        "resolve.levels speaks of \"all Stations\", not of a player's own; nothing else limits who "
        "builds where.",
    ),
    Ruling(
        "ruling.coin-limit",
        RULES["resolve.coin"].passage,
        "The player chooses which Coin dice to cash by choosing which to save (resolve.save): "
        "every Coin die not saved is cashed, and a rolled bonus die, which cannot be saved, is "
        "always cashed (under bonus_coins='pay', ruling.bonus-dice-faces). Each gives 2 Coins "
        "from the bank, but a player never holds more than 5: Coins beyond 5 are not taken "
        "(cashing 3 dice with 2 Coins held leaves 5). Rerolls pay their Coin to the bank. The "
        "bank never runs short: 25 Coins cover 5 players at the limit.",
        "\"you cannot have more than 5 Coins at a time\" caps the holding, not the dice returned.",
    ),
    Ruling(
        "ruling.unused-dice",
        RULES["turn.overview"].passage,
        "At the end of Step 3 every die of the player's colour that was rolled and is neither on "
        "the board nor saved (set dice, cashed Coin dice, unsaved faces, a train with no legal "
        "space) goes back to the player's available dice; rolled bonus dice not placed go back to "
        "the common pool.",
        "\"return those dice to your pool\" (resolve.building, resolve.coin); dice neither placed "
        "nor saved have nowhere else to go.",
    ),
    Ruling(
        "ruling.delivery-group",
        RULES["delivery.group"].passage,
        "A delivery is one connected group of route spaces (joined space to space, junctions "
        "included; routes that only share a station are separate groups, as Billings-Detroit is in "
        "example.delivery). It happens when every space of the group holds a die; its cities are "
        "the stations at its ends (three for a junction route). A city on two groups completed in "
        "the same turn takes part in both deliveries, and its Buildings produce in each.",
        "example.delivery resolves Seattle-Los Angeles-Billings as one delivery worth 3 completion "
        "VP and Billings-Detroit as another; resolve.route-complete needs \"all Route spaces\" "
        "filled.",
    ),
    Ruling(
        "ruling.delivery-order",
        RULES["delivery.order"].passage,
        "When several groups are completed in one turn, the active player orders them; each "
        "delivery runs its five steps (completion VP, majority bonus, Goods, Missions, reclaim) "
        "before the next begins, so Goods stacks and bonus supplies are drawn in that order.",
        "\"score it by following these steps in order\" is said of one delivery; example.delivery "
        "resolves Seattle-Los Angeles-Billings \"first\".",
    ),
    Ruling(
        "ruling.majority",
        RULES["delivery.majority"].passage + " " + _REFERENCE_MAJORITY,
        "The majority counts each player's dice on the whole group (Train and Locked Train faces "
        "alike; white dice never). The player with the most takes the bonus of every city of the "
        "delivery. When several tie for the most, the active player picks one of them (themself if "
        "tied, or any tied player if not). A group with no player dice gives no majority bonus "
        "and no completion VP; its Goods and Missions still count.",
        "example.majority-tie gives Eric \"the bonuses from all 3 locations\"; delivery.majority-tie "
        "settles ties, so the reference's \"single player\" is the one the tie-break leaves.",
    ),
    Ruling(
        "ruling.majority-supply",
        RULES["delivery.bonus-unavailable"].passage,
        "City bonuses come from the supplies: VP from the board (ruling.vp-points), a Power card "
        "from the top of the stack, bonus dice from the common pool into the player's held bonus "
        "dice. A bonus of more dice than the pool holds gives what is there; an empty stack or "
        "pool gives nothing and nothing replaces it. A Power card won here is in its owner's hand "
        "for the Missions step of the same delivery.",
        "\"none are available, you receive nothing\"; taking what there is is the nearest reading "
        "for a partial supply.",
    ),
    Ruling(
        "ruling.goods-shortage",
        RULES["delivery.goods-depleted"].passage,
        "Every Building on a station of the delivery draws one card from its type's stack. When a "
        "stack holds fewer cards than the Buildings drawing on it, the active player picks which "
        "Buildings get the cards (per Building, so a player with two may get one card and 1 VP); "
        "every other one gives its owner 1 VP from the board. Each short stack is split on its own, "
        "and the deliveries of a turn in the order the active player chose. A stack emptied this "
        "way stays empty until Step 5, so later deliveries of the turn pay 1 VP for it.",
        "example.goods-shortage: 4 Mines, 3 Coal, \"Eric gives everyone but Ken a Coal card. Ken "
        "instead collects 1 VP\". Upgrades happen only at the end of a turn (goods.depletion).",
    ),
    Ruling(
        "ruling.empty-building",
        RULES["goods.no-upgrade"].passage + " " + _REFERENCE_GOODS,
        "A Building whose space is empty for good (no upgrade left) gives nothing in a delivery: no "
        "Goods and no VP. The 1 VP of delivery.goods-depleted is for a stack that is depleted and "
        "waiting for its upgrade.",
        "\"no longer produce any Goods for the remainder of the game\" ends production; the 1 VP is "
        "paid \"instead\" of a card from a stack that will be refilled. A reader of the Turn "
        "Reference (\"provides 1 Goods card or 1 VP\") pays 1 VP for these Buildings too.",
        "empty_building='nothing' (default) | 'vp'",
    ),
    Ruling(
        "ruling.mission-connected",
        RULES["delivery.mission"].passage,
        "At step 4 of each delivery, a Mission's two cities are connected when a chain of routes "
        "joins them through shared stations: routes delivered at any time in the game (a route "
        "once delivered stands, as track once built) and the groups completed this turn (full at "
        "the end of Step 3, resolved already or not). The holder needs no dice on the chain. "
        "Under the switch 'this-turn' only the groups completed this turn count (routes delivered "
        "on earlier turns had their dice reclaimed); under 'this-delivery' only the delivery being "
        "resolved.",
        "The rulebook gives Missions a scoring place of their own: \"Place the card face up for its "
        "VP value at the end of the game\" (delivery.mission), counted beside the VP cards "
        "(score.vp), and the Object promises \"Certain power cards list long routes between two "
        "cities. If those cities get connected, you score!\" (object.profit). \"Now connected\" "
        "does not say that the routes must fill in the same turn, and example.mission-seattle-detroit "
        "joins Seattle to Detroit across two routes through Billings (research component-data-2.md "
        "§1.2) with no dice of Sarah's on either. Read turn by turn ('this-turn'), a Mission "
        "needing two routes scores only when both fill in one turn: 12 greedy games at 3 players "
        "scored a Mission in 4 of them (32 Mission VP in all), so Missions hardly mattered; with "
        "routes standing once delivered ('ever') a Mission scored in all 12 (211 Mission VP, about "
        "6 a player and game), so they are the category the rulebook makes them "
        "(benchmarks/balance_trains_and_stations.py). 'this-turn' also reproduces the example and "
        "stays a switch; 'this-delivery' (a stricter reader of \"now connected\" and \"dice on the "
        "Route\": both cities in the one delivery) cannot reproduce the example.",
        "mission_link='ever' (default) | 'this-turn' | 'this-delivery'",
    ),
    Ruling(
        "ruling.missions",
        RULES["delivery.mission-duplicate"].passage + " " + _REFERENCE_MISSIONS,
        "All holders of a connected Mission score in the same step, independently: several players "
        "may score at once, the same city pair included. A player may score any number of "
        "different Missions in a turn, but only one card per city pair per turn; a second copy "
        "waits for a delivery on a later turn that connects the pair again. A scored Mission lies "
        "face up and takes no VP from the board.",
        "The body limits only duplicates (\"during a subsequent turn\"). The Turn Reference's "
        "\"reveals one Mission Power card\" can be read as one Mission per player per delivery.",
        "missions='each-pair' (default) | 'one'",
    ),
    Ruling(
        "ruling.mission-reveal",
        RULES["delivery.mission-forgotten"].passage,
        "The engine scores every Mission a player can score as soon as it can (the engine never "
        "forgets), so no Mission waits for a later delivery.",
        "A Mission unscored at the end is worth nothing, so revealing is never worse for the score; "
        "\"may reveal\" and the forgetting clause are about tables, where keeping a card secret "
        "can bluff the others. A reading where each holder may decline would add a decision that "
        "only matters for bluffing; it is not offered.",
    ),
    Ruling(
        "ruling.reclaim-scope",
        RULES["delivery.reclaim"].passage,
        "A delivery's step 5 empties its own group only: player dice back to their owners' "
        "available dice, white dice to the common pool. Dice on other routes at the same stations "
        "stay where they are.",
        "The delivery scored the completed route, and its dice are what is reclaimed. A literal "
        "reader of \"all player dice from the connected Stations\" also clears every partly built "
        "route touching those stations.",
        "reclaim_scope='route' (default) | 'stations'",
    ),
    Ruling(
        "ruling.upgrade-order",
        RULES["goods.one-upgrade"].passage,
        "At the end of every turn (last turns and reclaim turns included), the engine lists the "
        "depleted stacks that can be upgraded; if there is one it is upgraded, if several the "
        "active player chooses one. The others stay depleted (their Buildings pay 1 VP) and are "
        "listed again at the end of the next turn, where that turn's player chooses among them and "
        "any newly depleted ones: there is no queue. A depleted space with no upgrade left becomes "
        "empty at once and does not use the turn's one upgrade.",
        "\"chooses only one of them to upgrade. The other upgrade(s) must wait until the end of the "
        "next player's turn\", where goods.depletion applies again; leaving a space empty "
        "(goods.no-upgrade) places no stack.",
    ),
    Ruling(
        "ruling.upgrade-chart",
        RULES["goods.skip-used"].passage,
        "Charts: Ranch Cattle, Food, Gold; Hotel Worker, Silver or Food, Gold; Mine Coal, Silver, "
        "Gold. A good is used once its stack has been placed on any space, even if emptied since. "
        "Used levels are skipped, as many as need be (a Ranch with Food used gets Gold; with Food "
        "and Gold used, its space stays empty). The Hotel's choice is offered only when Silver and "
        "Food are both unused; with one used the other is placed. After its middle level the Hotel "
        "takes Gold or nothing.",
        "example.ranch-upgrade skips Food \"already placed on the Hotel\"; goods.hotel-choice. The "
        "Mine row is inferred: the printed chart is not in this copy and Silver is the only middle "
        "level left (research component-data.md §2.2). A data question (the chart in data/), not "
        "a switch.",
    ),
    Ruling(
        "ruling.speculation-secret",
        RULES["speculation.secret"].passage,
        "Right after a new stack is placed, every player (the active player included) chooses "
        "what to trade: any of their Goods cards and two-goods Power cards, a Goods card counting "
        "1 and a Power card 2, an even total (0 allowed), any types mixed. The engine asks in turn "
        "order from the active player and shows nobody another's choice until all have chosen; "
        "then the traded cards are shown face up and removed from the game, and each player gets "
        "half their total from the new stack.",
        "\"secretly and simultaneously\" at \"a 2:1 rate\"; Bryan trades 1 Cattle and 1 Coal "
        "(example.speculation), so pairs need not match; power.speculation counts a Power card as "
        "2 Goods cards.",
    ),
    Ruling(
        "ruling.speculation-shortage",
        RULES["speculation.shortage"].passage,
        "When the players ask for more cards than the new stack holds, the active player hands out "
        "all of it, as they choose, one card per pair traded, among the players who traded "
        "(themself included), holding none back. Then each player takes 1 VP from the board for "
        "each pair traded that brought no card. A turn has at most one speculation, so at most one "
        "such split; Goods shortages in deliveries are separate (ruling.goods-shortage).",
        "Each pair buys one card or, failing that, 1 VP. A literal reader pays VP only to \"players "
        "who do not receive the Goods card\" at all, so a player given 1 card for 3 pairs gets "
        "nothing for the other 2.",
        "shortage_vp='per-missing-card' (default) | 'only-if-none'",
    ),
    Ruling(
        "ruling.speculation-depleted",
        RULES["speculation.depleted"].passage,
        "A new stack emptied by speculation is depleted at once: its Buildings pay 1 VP until it is "
        "upgraded, at the end of the next player's turn at the earliest (with the usual choice "
        "among depleted stacks). The turn's one upgrade has been used.",
        "\"do not perform another Goods Upgrade until the end of the next player's turn\", as "
        "goods.one-upgrade.",
    ),
    Ruling(
        "ruling.end-trigger",
        RULES["end.last-round"].passage,
        "The endgame begins the moment the board's VP total reaches 0, whatever the cause "
        "(completion VP, a city bonus, a Goods shortage, a speculation shortage). The current turn "
        "is played to its end, Step 5 and speculation included; then each player after the active "
        "one, up to the Conductor, takes a turn, and the game ends when the Conductor's turn would "
        "begin (at once if the active player sits just before the Conductor). Every player has "
        "then had the same number of turns. The trigger holds even if VP go back to the board "
        "later.",
        "\"Each player gets one last turn until the Conductor (first player's) turn would begin. "
        "The game ends without the Conductor taking another turn.\" Another reader gives everyone "
        "a full extra round after the round of the trigger, the Conductor first, still ending "
        "before the Conductor's next turn.",
        "last_round='finish-round' (default) | 'extra-round'",
    ),
    Ruling(
        "ruling.monopoly",
        RULES["score.monopoly"].passage,
        "For each of the six goods a player's count is their Goods cards of that type plus their "
        "two-goods Power cards that show it (1 each). The highest count, if at least 1, scores "
        "the bonus (Worker 4, Coal 6, Cattle 6, Silver 7, Food 7, Gold 9) for every player who has "
        "it. The score is VP total + scored Missions + monopolies; Missions still hidden and Coins "
        "are worth nothing.",
        "power.monopoly, score.monopoly-tie, score.vp (\"completed Mission cards\"), score.coins. "
        "Nobody holds the \"highest quantity\" of a good nobody has.",
    ),
    Ruling(
        "ruling.tiebreak-gold",
        RULES["score.tiebreak"].passage,
        "\"Most Gold\" counts Gold as the monopoly does: Gold cards plus two-goods Power cards "
        "showing Gold. If still tied, all tied players win.",
        "A Power card \"counts as 1 of each Goods shown\" at scoring (power.monopoly). Another "
        "reader counts Gold cards only, since the Power card counts \"for determining Monopoly "
        "bonuses\" and nothing else.",
        "tiebreak_gold='with-power-cards' (default) | 'goods-cards'",
    ),
    Ruling(
        "ruling.hidden-cards",
        RULES["public-knowledge.hidden"].passage,
        "A player's view shows their own Goods and Power cards and, of the others, only the public: "
        "VP totals, scored Missions, Coins, dice, Buildings and the board's stacks. The game log "
        "records what happens openly (a card taken from a Goods stack, the cards revealed in "
        "speculation, \"draws a Power card\" without its face), as a player watching the table "
        "sees it. Once the game is over, final scoring has counted every player's Goods and "
        "Power cards in the open (monopolies, missions), so every view shows them; the Power "
        "stack stays face down.",
        "public-knowledge.vp puts VP face up; Goods and Power cards are \"kept face down\", but "
        "taking from a face-up stack on the board and revealed trades are seen by all.",
    ),
    Ruling(
        "ruling.negotiation",
        RULES["negotiation.no-gifts"].passage,
        "The engine has no negotiation: there is no action that gives a card, die or Coin to "
        "another player, and no deal binds anyone. Table talk happens outside the engine.",
        "Deals are not binding (negotiation.not-binding) and transfers are forbidden, so nothing "
        "of a deal can change the game state.",
    ),
)
