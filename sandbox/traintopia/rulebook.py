"""The rulebook, rule by rule, as ids the engine cites in every event and refusal.

Each id maps to the rulebook section and the passage it enforces, quoted in rulebook order from
`shared/rules/traintopia.txt` (bold markup, list bullets and the setup step numbers "1." to
"15." dropped; the words are the rulebook's, typos included: "Gray" and "Grey", "colour" and
"color", "as long as your total remains Victory Points do not change"). The worked examples are
rules too, with ids starting `example.` (`example.draft`, `example.commuter-grey`, ...), so that
a test can cite the example it replays. Picture captions that state a rule ("The Grey Commuter
scores 1 Victory Point for each Grey District and Mixed District along the Track.") are quoted
as the rule they state; the ones that give a result are the examples.

This copy of the rulebook is a text extract: its pictures are gone, and with them the station
icons that label the two rows of the finished-track table. `scoring.finished-table` quotes the
table as the text has it ("BOTH STATIONS ARE: IDENTICAL/DIFFERENT ... / 2VP 3VP 5VP 8VP 4VP 5VP
7VP 10VP"). The rulebook's own example fixes the rows (research component-data.md §3.2):
`example.mailbag` has a 4-tile track with different stations score 5, which only the second row
gives, so identical stations score 2/3/5/8 and different stations 4/5/7/10.

The tiles, round cards, bonus tiles and objective cards are component data (`data/`), not
rules; almost none of them was published, and the English rulebook never says how objective
cards score (research component-data-2.md §2.4). Where a ruling needs a fact from them it says
so.

`RULINGS` lists where the text is silent or ambiguous: the passage, the choice made, why, and the
switch that picks another reading where reasonable readers differ: a field of `config.Rulings`,
which lists every switch with its values, the default first.
"""

from __future__ import annotations

from sandbox.core.rulebook import Rule, Ruling

_RULES = [
    # Game components
    Rule("components.money", "Game Components, Cardboard Components", "Money Tokens 24x"),
    # Game setup
    Rule("setup.map-tiles", "Game Setup", "Shuffle the Map Tiles face down and place them in a stack nearby."),
    Rule("setup.bonus-tiles", "Game Setup", "Place all Bonus Tiles in a face-up line to the side of your playing area."),
    Rule("setup.round-deck", "Game Setup", "Shuffle the Round Cards and create a face down deck consisting of: 9 cards when playing with 3 players 8 cards when playing with 2 or 4 players (placing the remaining card back into the game box)."),
    Rule("setup.end-bonus", "Game Setup", "Place the End Game Bonus Card face up near the Round Cards deck. Put the Railway Inspector, the Railhead Tile, a single Train and one Mailbag on the End Game Bonus Card. Each of those elements even has a dedicated space there!"),
    Rule("setup.objective", "Game Setup", "Shuffle all Objective Cards and place them in a face-down deck. Deal one to each player. You can look at your own Objective Card, but keep it secret from others!"),
    Rule("setup.starting-player", "Game Setup", "Take a number of Player Aid Cards equal to the number of players, making sure that the card with the Conductor Symbol is among them. Shuffle them and deal one to each player. The player who has the card with the Conductor Symbol is going to be the first Starting Player! Give the Cotton Bag with Commuters to that player."),
    Rule("setup.supply", "Game Setup", "Place the Tourists, Trains and Mailbags in a pile to the side of your playing area. Place the Money Tokens and the Victory Point Tokens in piles to the side of your playing area."),
    Rule("setup.starting-tile", "Game Setup", "Give each player a random Starting Tile. Everyone should flip them face up and start their own little piece of Traintopia. Put any unused Starting Tiles back in the box."),
    Rule("setup.pick", "Game Setup", "Reveal a number of Map Tiles equal to the number of players times two (4 Map Tiles with 2 players, 6 Map Tiles with 3 players and 8 Map Tiles with 4 players) and place them in the middle of the table. Beginning with the last player (that is whoever is sitting to the right of the Starting Player), and going counter-clockwise around the table, everyone should select one of the face-up Map Tiles. Once everyone has taken a single Map Tile, go around once again, this time clockwise and beginning with the Starting Player, with everyone taking another single face-up Map Tile. Everyone should now – at the same time – add their new Map Tiles to their Starting Tile."),
    # A round of play
    Rule("round.preparation", "A Round of Play, Part 1: Preparation", "The Starting Player – the player holding the Commuter Bag – should draw the top Round Card, and place it face up where everyone can see it. First, place all wooden elements depicted on the card: Place a single Tourist on this space Reach into the bag and draw a random Commuter to place on this space Place a single Train on this space Place a single Mailbag on this space Then, check the box at the bottom of the card and find the correct number of players to find out how many Map Tiles you need to draw and place face up in the middle of the general playing area:"),
    Rule("round.commuter", "A Round of Play, Part 1: Preparation", "Reach into the bag and draw a random Commuter to place on this space"),
    Rule("draft.order", "A Round of Play, Part 2: Draft", "Starting with the player holding the Commuter Bag and proceeding clockwise around the table, you will be drafting Map Tiles and the wooden elements on the Round Card."),
    Rule("draft.turn", "A Round of Play, Part 2: Draft", "The players will take turns, drafting one tile or element at a time, immediately adding it to their Network, until there is only one left."),
    Rule("example.draft", "A Round of Play, Part 2: Draft, example", "Example: In a 3-player game the depicted card would make these elements available for drafting: Players start taking turns and drafting tiles and elements, one at a time. At the end of this draft, the first player has 3 Map Tiles, the second player has 2 Map Tiles and 1 Mailbag, and the third player has 1 Yellow Commuter, 1 Map Tile and a Train. The only element left is a Tourist."),
    Rule("round.clean-up", "A Round of Play, Part 3: Clean-Up", "Once everything but one last element is gone, remove it and the Round Card back to the game box. If there are any cards left in the Round Card deck, pass the Commuter Bag to the player on your left. They become the new Starting Player for the next round! If there are no more cards in the Round Card deck, the game is almost over. You will need to resolve the End Game Bonus Card and proceed to scoring points."),
    # Placing tiles
    Rule("tiles.placing", "Placing Tiles", "Whenever you get a Tile, you can rotate it however you want to make it fit your Network. Then, place it in such a way that at least half of one of its sides touches the side of another Tile in your Network without overlapping another of your Tiles. You are also allowed to add new Tiles to your Network without extending an existing Track, and the different Districts or Landmarks on your Tiles do not have to match!"),
    Rule("tiles.no-dead-ends", "Placing Tiles, No Dead Ends", "No rail can simply end on another Tile edge. It either has to connect to another piece of rail, or simply end in an empty space."),
    Rule("tiles.no-loops", "Placing Tiles, No Loops", "You cannot loop a track – it has to finish at Stations or empty spaces."),
    Rule("tracks.track", "Tracks", "A Track is exactly what it sounds like: a single line of rails that you will be extending by adding new tiles. A Track can be of any length. This is a single tile Track. This is a Track that is three Tiles long, and ends on both sides with two different Stations."),
    # Wooden elements
    Rule("elements.place", "Wooden Elements, Drafting Wooden Elements", "When you draft a wooden piece – a Commuter, a Tourist, a Train or a Mailbag – you must immediately place it on one of your Tracks."),
    Rule("elements.commuter", "Wooden Elements, Commuters", "The moment you place a Commuter on a Track you will immediately score Victory Points! Trace the Track you placed the Commuter on, from start to finish. You score 1 Victory Point for each District matching the colour of the Commuter."),
    Rule("elements.commuter-limit", "Wooden Elements, Commuters", "However, each Track can only ever have a single Commuter of each colour: 1 Gray, 1 Yellow and 1 Green."),
    Rule("elements.mixed", "Wooden Elements, Commuters (picture caption)", "The Grey Commuter scores 1 Victory Point for each Grey District and Mixed District along the Track."),
    Rule("example.commuter-grey", "Wooden Elements, Commuters, example", "The Grey Commuter scores 1 Victory Point for each Grey District and Mixed District along the Track. The Grey Commuter scores 4 Victory Points!"),
    Rule("example.commuter-green", "Wooden Elements, Commuters, example", "The Green Commuter scores 1 Victory Point for each Green District and Mixed District along the Track. The Green Commuter scores 3 Victory Points!"),
    Rule("example.commuter-yellow", "Wooden Elements, Commuters, example", "The Yellow Commuter scores 1 Victory Point for each Yellow District and Mixed District along the Track. The Yellow Commuter scores 7 Victory Points!"),
    Rule("elements.tourist-limit", "Wooden Elements, Tourists", "Each Track can only ever have a single Tourist."),
    Rule("elements.tourist", "Wooden Elements, Tourists", "However, the moment you place a Tourist – much like when you place a Commuter – you score Victory Points immediately! Trace the Track you place the Tourist on and look for any Landmarks that are adjacent to the line - these are the ones next to the rail horizontally, vertically or diagonally. Adjacent Landmarks can be printed on the same Tile but also on neighbouring Tiles. The Tourist scores 1, 2 or 3 Victory Points for each Landmark adjacent to the Track."),
    Rule("example.tourist", "Wooden Elements, Tourists, example", "The Tourist scores 6 Victory Points!"),
    Rule("elements.mail-train-limit", "Wooden Elements, Mailbags and Trains", "Each Track can only ever have 1 Mailbag and 1 Train (having two Trains on the exact same line would be a disaster!)."),
    Rule("elements.mail-train", "Wooden Elements, Mailbags and Trains", "These elements do not score any Victory Points at the moment you place them but can give you a great point boost at the end of the game."),
    Rule("elements.discard", "Wooden Elements, Drafting for 1 Victory Point", "Instead of adding a drafted element to your Network, you may instead discard it (returning it to the game box) and simply score 1 Victory Point. It may not be a glorious option, but it can still come in handy!"),
    # Money tokens
    Rule("money.cover", "Money Tokens", "Whenever you add a Tile with the Money symbol to your Network, you must cover it with a Money Token. If there is more than 1 such symbol, cover each of them with a Money Token."),
    Rule("money.actions", "Money Tokens", "At any time during your turn (before or after drafting), you may spend up to 3 Money Tokens, each to perform one of the Special Actions once:"),
    Rule("money.tokens", "Money Tokens", "you may spend up to 3 Money Tokens, each to perform one of the Special Actions once"),
    Rule("money.bonus-tile", "Money Tokens, Purchase a Bonus Tile", "You may choose any face-up Bonus Tile from the general playing area and add it to your Network. The rules for placing Bonus Tiles are identical to the rules of placing Map Tiles."),
    Rule("money.colour", "Money Tokens, Change a Commuter Colour", "When you place a new Commuter on one of your Tracks, you can decide that it will score a different colour of District on their way. Spend 1 Money Token, choose any colour of District and score 1 Victory Point for each District of the selected colour on the Track. Mixed Districts will also score you points – but the Districts sharing the colour with your new Commuter's original colour will not. You are not allowed to change a Commuter into a Tourist, or a Tourist into a Commuter. Are you still a bit confused about changing the Commuter color? When drafting Commuter of any colour, you can spend 1 Money Token to treat the Commuter as if it were of a different colour. Maybe you really want to score Green Districts, but have already placed a Green Commuter on the Track, or maybe no Green Commuter is available to draft. By drafting a Yellow or Grey Commuter, and spending a Money Token to temporarily treat the Commuter as if it were of a different colour, you would be able to score Green while placing a different coloured Commuter."),
    Rule("example.colour-change", "Money Tokens, Change a Commuter Colour, example", "There is a Yellow Commuter on this Track already, so no more Yellow Commuters may be placed here. There is only a single Grey District on this Track – and a single Wild District – so the Grey Commuter would only score 2 Victory Points. However, when placing the Grey Commuter, you can spend 1 Money Token to score the Yellow Districts instead. This way, you would make 5 Victory Points instead of just 2."),
    Rule("money.objective", "Money Tokens, Draw an Objective Card", "Objectives can sometimes be difficult to fulfil. That is why you can simply spend 1 Money Token to draw a new Objective Card from the top of the Objective Deck. Compare it to your current Objective, and then select one of the 2 Objective cards in your hand to be placed back at the bottom of the Objective Deck."),
    # Merging tracks
    Rule("tracks.merging", "Merging Tracks", "Sometimes two separate Tracks can merge into one. If that happens, simply remove any surplus wooden elements as the new Track can still hold a maximum of 1 of each Commuter colour (Gray, Yellow and Green), 1 Tourist, 1 Mailbag and 1 Train."),
    Rule("example.merging", "Merging Tracks, example", "Merging Tracks can be a bit tricky. While it can give you an impressively long Track to compete with other players, it may also mean that you will not score for some of the features of the merged Track. For example, if any of the joined tracks already scored for a Green Commuter before merging, you will not be able to score the Green Districts on the new track after merging."),
    # Victory point tokens
    Rule("scoring.tokens", "Victory Point Tokens", "Whenever you score any Victory Points in the game, take an appropriate amount of Victory Point Tokens to track your triumph! You may exchange Victory Point Tokens of different denominations between your personal pool and the stock freely – as long as your total remains Victory Points do not change. Whenever asked by another player, you must reveal your current Victory Point total. The good news is that any other player has to tell you how many Victory Points they have the moment you ask."),
    # Ending the game
    Rule("end.trigger", "Ending the Game", "If you have just discarded the last Round Card of the deck, it means that game is close to the end. Before you score points, there is one special step you must make:"),
    Rule("end.bonus-card", "Ending the Game, Bonus Card Resolution", "Count all the Victory Points you have and compare it to the current total of all other players. Whoever has the fewest points should now select one of the elements from the End Game Bonus Card. Then proceed to the player with the next fewest points and so on, until each player has selected one end game bonus. If two or more players are tied, the first to choose will be the player further from the last round's Starting Player. Just to clarify: if you were the last player you were furthest from the Starting Player. Once everyone has chosen their Bonuses, add them to your Networks:"),
    Rule("bonus.railhead", "Ending the Game, The Railhead", "This Tile is a special Station you can add to any unfinished Track. As long as it does not overlap any other Tile, its placement is always considered correct."),
    Rule("bonus.inspector", "Ending the Game, The Railway Inspector", "You may add the Railway Inspector to any Track. Immediately select one District colour on the Track (Green, Yellow or Grey) and score it the same way you would when placing a Commuter, including the scoring of Mixed Districts."),
    # Final scoring
    Rule("end.scoring", "Final Scoring", "Each player should now look at their Network and score points for its following features:"),
    Rule("scoring.finished", "Final Scoring, Finished Tracks", "A Track is considered finished when it ends on both sides with a Station."),
    Rule("scoring.finished-length", "Final Scoring, Finished Tracks", "Count the length of each of your finished Tracks by counting each Tile the line crosses (including its Stations). If a Track crosses a single Tile more than once, do not count the Tile again. After all, the passengers have already been here."),
    Rule("scoring.finished-table", "Final Scoring, Finished Tracks (table; the row labels are station icons lost from this copy)", "Score Victory Points according to the table below: BOTH STATIONS ARE: IDENTICAL/DIFFERENT 2-3 TILES 4-5 TILES 6-7 TILES 8+ TILES / 2VP 3VP 5VP 8VP 4VP 5VP 7VP 10VP"),
    Rule("scoring.mailbag", "Final Scoring, Mailbags", "A Mailbag on a finished Track doubles the Victory Points received."),
    Rule("example.mailbag", "Final Scoring, Mailbags, example", "This finished Track is 4 Tiles long, and has different Stations on its ends. This means that it will score you 5 Victory Points. The Mailbag will, however, double this to a total of 10 Victory Points."),
    Rule("scoring.trains", "Final Scoring, Trains", "Count all the Money Tokens still in your Network that are also adjacent to a Track with a Train. Then, receive points depending on the overall total of Money Tokens from your Network: MONEY TOKENS ADJACENT TO TRACKS WITH A TRAIN 0-1 2-3 4+ VICTORY POINTS RECEIVED 0VP 4VP 10VP Each Money Token can only be counted once. Even if it is adjacent to more Tracks with Trains, it still counts as a single Money Token."),
    Rule("scoring.longest", "Final Scoring, The Longest Track", "Count the length (the number of Tiles) of your longest Track (it does not have to be finished). Each player compares the length of their longest Track with the longest Tracks of their opponents. In a 4-player game, players receive (in order from longest to shortest Track): 6, 3, 1 and 0 Victory Point. In a 3-player game, players receive (in order from longest to shortest Track): 6, 3 and 0 Victory Point. In a 2-player game only the player with the longest Track receives 6 Victory Points."),
    Rule("scoring.longest-ties", "Final Scoring, The Longest Track", "Any ties are broken by turn order – you win the tie by being closer to the last round's Starting Player."),
]

RULES: dict[str, Rule] = {r.id: r for r in _RULES}


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "ruling.districts-along",
        RULES["elements.commuter"].passage,
        "A tile is 2 x 2 cells (geometry.py) and a district fills one cell. A district counts for a "
        "Commuter (or the Railway Inspector, or a changed colour) when the track runs through its "
        "cell; each such cell counts once, however often the track passes it. Districts on the "
        "track's tiles that the rails do not run through do not count.",
        "\"Trace the Track ... from start to finish\" and \"each ... District along the Track\" "
        "(elements.mixed) speak of what the line passes, not of whole tiles; the Tourist passage, "
        "by contrast, reaches out to cells next to the line. The rulebook's pictures, which would "
        "settle it, are not in this copy. Another reader counts every district on any tile the "
        "track crosses, as the finished-track length counts tiles.",
        "districts='rail-cells' (default) | 'tiles'",
    ),
    Ruling(
        "ruling.one-tile-track",
        RULES["scoring.finished-table"].passage,
        "A finished track one tile long (both stations on the same tile) scores nothing at the "
        "end, and a Mailbag on it doubles nothing.",
        "The table starts at \"2-3 TILES\"; tracks.track shows that one-tile tracks exist (\"This "
        "is a single tile Track.\"), so the table leaves them out on purpose rather than by "
        "oversight. Nothing else to read it as: not switchable.",
    ),
    Ruling(
        "ruling.objectives",
        RULES["end.scoring"].passage,
        "Each player's objective card is checked at the end of the game, after the End Game Bonus "
        "card: met, it scores the VP printed on the card; not met, nothing (all or nothing, no "
        "partial credit). The 8 cards (conditions and VP) are our reconstruction (data/"
        "objectives.json), each saying why.",
        "The English rulebook never says how objectives score: Final Scoring lists finished "
        "tracks, Mailbags, Trains and the longest track, and nothing else (noted by the "
        "boardgamemonkeys.com review, research component-data-2.md §2.4). Yet the cards are dealt "
        "(setup.objective) and can be swapped for a Money Token (money.objective), and reviews "
        "and the publisher call them end-game bonus points. No card was published where we could "
        "read it. The other reading follows the English text to the letter: objectives score "
        "nothing.",
        "objectives='all-or-nothing' (default) | 'off'",
    ),
    Ruling(
        "ruling.discard-tiles",
        RULES["elements.discard"].passage,
        "A drafted Map Tile (or a setup pick, or a bought Bonus Tile) must be laid; it may be "
        "discarded for 1 VP only when it has no legal place in the network. Wooden elements may "
        "always be discarded for 1 VP.",
        "The 1-VP passage speaks of a drafted \"element\" and stands under DRAFTING WOODEN "
        "ELEMENTS; tiles are added to the network (draft.turn: \"immediately adding it to their "
        "Network\"). A tile with no legal place cannot be added, and 1 VP is the nearest thing "
        "the rulebook offers. Another reader takes \"element\" as any drafted item (HOW TO PLAY "
        "calls Map Tiles \"game elements\" too), so during the rounds a tile may always be "
        "discarded for 1 VP.",
        "discard_tiles='unplaceable' (default) | 'always'",
    ),
    Ruling(
        "ruling.bonus-discard",
        RULES["end.bonus-card"].passage,
        "An End Game Bonus element must be added to the network: the Railway Inspector, Train or "
        "Mailbag on a track that can take it, the Railhead at an open end of an unfinished track. "
        "Only when nothing can take it (no track, every track already holding a Train or a "
        "Mailbag, or no open end for the Railhead) is it returned to the box for 1 VP.",
        "\"add them to your Networks\" is an instruction; the 1-VP discard belongs to drafting "
        "(elements.discard), and a bonus is chosen, not drafted. Returning it for 1 VP when it "
        "cannot be added keeps the game moving as the drafting rule would. Not switchable.",
    ),
    Ruling(
        "ruling.empty-stack",
        RULES["round.preparation"].passage,
        "If the Map Tile stack runs out, fewer tiles are revealed; if the Commuter bag is empty, "
        "the Commuter space stays empty. The round is drafted with what is there.",
        "The rulebook says nothing about running out. The reconstructed round cards keep within "
        "the 50 Map Tiles and 15 Commuters for every player count and any boxed card (research "
        "component-data-2.md §2.2; components.load checks it), so with the shipped data this "
        "never happens; the ruling only guards other data. Not switchable.",
    ),
    Ruling(
        "ruling.hidden",
        RULES["setup.objective"].passage,
        "Hidden from a player: the others' objective cards (and the card another player draws "
        "with a Money Token), the objective deck, and the round deck, including the card boxed "
        "unseen at 2 and 4 players. Public: every network with its elements and money tokens, "
        "the face-up tiles and elements, what was returned to the box, and every VP total. The "
        "Map Tile stack is face down, but its contents are public knowledge (every other tile is "
        "in sight), so only its order is unknown. Once the game is over, every objective has been "
        "scored in the open, so every view shows them; the decks stay face down.",
        "setup.objective keeps objectives secret; the decks are face down (setup.round-deck, "
        "setup.objective); scoring.tokens makes VP totals public (\"you must reveal your current "
        "Victory Point total\"). Not switchable.",
    ),
    Ruling(
        "ruling.tiebreak",
        RULES["scoring.longest-ties"].passage,
        "The highest score wins. Tied players share the win.",
        "The rulebook gives no tie-break for the winner. It breaks longest-track ties "
        "(scoring.longest-ties) and End Game Bonus ties (end.bonus-card) by seats relative to the "
        "last round's Starting Player; another reader carries that over to the winner: the tied "
        "player closest to the last round's Starting Player wins.",
        "tiebreak='shared' (default) | 'turn-order'",
    ),
    Ruling(
        "ruling.adjacency",
        RULES["elements.tourist"].passage,
        "A landmark is adjacent to a track when its cell is one of the 8 cells around a cell the "
        "track runs through (horizontally, vertically or diagonally), or that cell itself: a "
        "landmark or money token on a cell the rail runs through counts as next to the rail. "
        "Trains count money tokens adjacent to a track the same way (scoring.trains), each token "
        "once.",
        "The Tourist passage defines adjacency (\"next to the rail horizontally, vertically or "
        "diagonally\", on the same tile or neighbouring tiles); with tiles as 2 x 2 cells that is "
        "the 8 surrounding cells. The cells are our model of a tile (geometry.py): a rail crosses "
        "a cell beside the landmark or money symbol the cell shows, so that feature is nearer "
        "the rail than any in the cells around; leaving it out would make a feature count less "
        "the nearer it lies. scoring.trains "
        "says \"adjacent\" without defining it, so it reuses the Tourist's. Not switchable.",
    ),
    Ruling(
        "ruling.setup-order",
        RULES["setup.pick"].passage,
        "After both rounds of picks, the players add their two Map Tiles one player after another, "
        "from the Starting Player clockwise, each laying their two tiles in the order they choose.",
        "\"at the same time\": each network is a player's own, so no player's placement affects "
        "another's and the order changes nothing; the engine asks one player at a time. Not "
        "switchable.",
    ),
    Ruling(
        "ruling.station-kinds",
        RULES["scoring.finished-table"].passage,
        "Stations come in three kinds (circle, square, diamond), our reconstruction. The Railhead "
        "is a station of a kind of its own, so a track ending at the Railhead always has "
        "different stations (the second row).",
        "The table separates identical from different stations, so there are at least two "
        "kinds; how many, and how they look, was not found (research component-data.md §3.3). "
        "bonus.railhead calls the Railhead \"a special Station\", and no other station looks like "
        "it. A data question (the tiles in data/), not a switch.",
    ),
    Ruling(
        "ruling.money-supply",
        RULES["money.cover"].passage,
        "When the 24 Money Tokens run out, further money symbols stay uncovered: they are not "
        "tokens, cannot be spent and do not count for Trains. Spent tokens go back to the supply "
        "and can cover later symbols.",
        "components.money: 24 tokens; the rulebook never says they are unlimited or what happens "
        "when they run out. Not switchable.",
    ),
    Ruling(
        "ruling.special-actions",
        RULES["money.actions"].passage,
        "A player spends at most 3 Money Tokens a turn, one for each money action taken: buy a "
        "Bonus Tile, change a Commuter's colour, draw an objective card. Each action is taken at "
        "most once a turn, so the third token is spent only by taking all three.",
        "\"each to perform one of the Special Actions once\" reads most naturally as every action "
        "once; with exactly three actions and up to three tokens, \"up to 3\" then counts the "
        "three actions. Another reader takes \"once\" to belong to each token (each token buys "
        "one action, once), so a turn's three tokens may buy the same action again: two or three "
        "Bonus Tiles, or two objective draws (a turn drafts one Commuter, so its colour changes "
        "once at most either way).",
        "special_actions='once-each' (default) | 'repeat'",
    ),
    Ruling(
        "ruling.colour-limit",
        RULES["example.colour-change"].passage,
        "A Commuter whose colour was changed with a Money Token stays a Commuter of its printed "
        "colour on the track: the one-of-each-colour limit (elements.commuter-limit) and the "
        "merging of tracks (tracks.merging) count it by the colour drawn, not by the colour it "
        "scored. So a track may score a colour twice, once by a Commuter changed to it and once "
        "by that colour's own Commuter.",
        "The rulebook's example does exactly this: with a Yellow Commuter on the track, \"no more "
        "Yellow Commuters may be placed here\", yet the Grey Commuter placed there scores the "
        "Yellow Districts for a token; money.colour treats the Commuter \"temporarily\" as "
        "another colour, for its scoring. Not switchable.",
    ),
    Ruling(
        "ruling.starting-money",
        RULES["money.cover"].passage,
        "A money symbol on a player's Starting Tile is covered with a Money Token when the tile "
        "is dealt in setup, like one on any tile laid later (while the 24 tokens last, "
        "ruling.money-supply).",
        "The Starting Tile is the first tile of the network (\"start their own little piece of "
        "Traintopia\"), and a money symbol left uncovered would do nothing under any rule. Which "
        "Starting Tiles show money is our reconstruction (data/tiles.json); the published tiles "
        "may show none. Not switchable.",
    ),
    Ruling(
        "ruling.conductor",
        RULES["setup.starting-player"].passage,
        "P1 holds the Player Aid card with the Conductor Symbol: seats are numbered clockwise from "
        "the first Starting Player, who holds the Commuter Bag in the first round.",
        "Dealing the Player Aid cards only decides who starts; numbering the seats from that "
        "player loses nothing. Not switchable.",
    ),
)
