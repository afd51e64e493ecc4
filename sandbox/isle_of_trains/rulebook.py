"""The rulebook, rule by rule, as ids the engine cites in every event and refusal.

Each id maps to the rulebook section and the passage it enforces, quoted in rulebook order from
`shared/rules/isle-of-trains-all-aboard.txt` (bold markup and list bullets dropped; the words are
the rulebook's, typos included). The card reference on page 16 follows: one id per caboose
(`caboose.N`), building (`building.<name>`), engine and car (`car.<id>`, ids as in
`components.py`) and ticket tile (`ticket.<id>`, the `tickets.json` ids). The solo mode and its
ten scenario chapters follow (`solo.*`, `scenario.*`, `scenario.<chapter>` for each objective).

`RULINGS` lists where the text is silent or ambiguous: the passage, the choice made, why, and the
switch that picks another reading where reasonable readers differ.
"""

from __future__ import annotations

from sandbox.core.rulebook import Rule, Ruling

_RULES = [
    # Components and setup
    Rule("components.vp-tokens", "Components", "These tokens are not intended to be limited, so if you run out, use a suitable replacement."),
    Rule("setup.islands", "Setup", "Create the Isle of Trains in the centre of the table by laying out the 6 island cards (or 7 in a 4 player game) with their primary contract face up."),
    Rule("setup.tickets", "Setup", "Place the 6 destination tiles next to the corresponding island cards. Shuffle and randomly place 1 ticket tile underneath each."),
    Rule("setup.progress", "Setup", "Place the progress track near the island cards and place the progress train near the progress track."),
    Rule("setup.engines", "Setup", "Give a Level 1 Engine card to each player. Put the unused Level 1 Engines back into the deck of cards."),
    Rule("setup.deal", "Setup", "Shuffle the train cards to create the train deck. Deal 5 cards to each player. Draw 3 cards and place them face up to create a display next to the deck."),
    Rule("setup.passengers", "Setup", "Place the passengers in the passenger bag and give it a good shake. Randomly draw and give 2 passengers from the bag to each player. Place your drawn passengers in your supply beside your engine."),
    Rule("setup.vp-tokens", "Setup", "Place the VP tokens beside the island within reach of all players."),
    # How to play
    Rule("turn.two-actions", "How to Play", "On your turn, take 2 A Actions from the following list. Each of your chosen actions may be different, or you may choose the same action twice."),
    Rule("turn.must-fulfil", "How to Play", "If you cannot fulfil the requirements of an action, you cannot choose that action. For example, you cannot take the Build action if you do not have the cards required to fund the action."),
    # Take
    Rule("take.card", "Take", "Take 1 card from the face-up display or from the top of the Train deck."),
    Rule("take.display-refill", "Take", "If you take a face-up card, replenish the display at the end of your turn."),
    Rule("take.reshuffle", "Take", "If you ever need to draw cards from the Train deck but it is empty, shuffle the discard pile to create a new Train deck."),
    Rule("take.passenger", "Take", "Draw 1 passenger randomly from the passenger bag and place it next to your engine."),
    Rule("take.empty-bag", "Take", "If you ever need to draw a passenger from the passenger bag but it is empty, take 1 VP token instead."),
    # Build
    Rule("build.from-hand", "Build", "Build 1 card from your hand by paying the cost and placing it into your play area."),
    Rule("build.building-cost-only", "Build", "If you are building a building, only carry out step 3."),
    Rule("build.extend-or-upgrade", "Build, step 1", "If you are building a train car, decide if you are: Extending your train by adding a new train car to the right of your existing engine and other train cars, OR Upgrading an existing train car that is eligible for an upgrade. A train car is eligible for an upgrade if it is in the same category of car as the train car being built."),
    Rule("build.capacity", "Build, step 2", "If the train car you intend to build would mean that your total weight exceeds your engine capacity then you cannot build it."),
    Rule("build.drop-car", "Build, step 2", "Optional: You may discard one non-engine train car from your train to reduce your total weight before building."),
    Rule("build.engine-capacity", "Build, step 2", "Train Engines and Caboose 6 add to your Engine Capacity"),
    Rule("build.weight", "Build, step 2", "Other train cars add weight to your train"),
    Rule("build.cost", "Build, step 3", "If you are building a new train car, building, or caboose, the cost is shown on the card."),
    Rule("build.upgrade-cost", "Build, step 3", "If you are upgrading an existing train car, the cost is the difference between the cost of the current car and the cost of the new car."),
    Rule("build.pay", "Build, step 3", "To fund the build action, discard cards from your hand equal to the cost. If you cannot afford to fund the Train card, you cannot take the build action."),
    Rule("build.passengers", "Build, step 4", "Some train cards give you passengers when they are built. Draw the number of passengers shown at random from the passenger bag and place them beside your engine in your play area."),
    Rule("build.discard-upgraded", "Build, other notes", "When upgrading a train car, discard the previously built train car."),
    Rule("build.skip-level", "Build, other notes", "When upgrading a train car, you may upgrade directly from Level 1 to Level 3."),
    Rule("build.no-upgrade-caboose-building", "Build, other notes", "Buildings and Caboosees cannot be upgraded, so the cost is always equal to that shown on the card."),
    Rule("build.cabooses", "Build, other notes", "You can have multiple caboose cars."),
    Rule("build.one-engine", "Build, other notes", "You can only ever have 1 engine."),
    Rule("build.one-building", "Build, other notes", "You can only ever have 1 building. A previously built building may be replaced by building a new one (paying the full cost)."),
    Rule("build.duplicates", "Build, other notes", "You can have duplicates of the same train car."),
    # Load
    Rule("load.target", "Load", "Load a card from your hand or a passenger from your supply into an available space on your train or another player's train."),
    Rule("load.space", "Load, step 1", "Choose an available space on your train or another player's train that matches what you want to load (cargo or passengers). A space is available as long as the car has fewer loaded cargo or passengers than its total capacity."),
    Rule("load.cargo-type", "Load, step 2", "If loading cargo, place a card from your hand with the matching cargo type underneath the train car with the available space, rotated so the cargo is still visible."),
    Rule("load.any-icon", "Load, step 2", "Note: Some cards show all types of cargo and can be loaded as any one type. Once loaded, it counts only as the type of cargo shown on the train car it is loaded into."),
    Rule("load.passenger", "Load, step 2", "If loading passengers, choose a passenger from beside your engine and place it onto the train car with the available space."),
    Rule("load.benefit", "Load, step 3", "If loading into another player's train car, gain the benefit shown on that car."),
    Rule("load.own-no-benefit", "Load, step 3", "If you are loading into your own train car, do not gain the benefit."),
    Rule("load.benefit-order", "Load, other notes", "Benefits are gained from left to right. Cards are drawn before bonus actions are gained. If a bonus action cannot be taken when it is gained, the bonus action is lost."),
    Rule("load.bonus-own-train", "Load, other notes", "Cargo and passengers loaded through +A and +L bonus actions must be loaded into your own train cars."),
    Rule("load.face-down", "Load, other notes", "When loading cargo, you may discard an additional card from your hand to load the cargo as any type. Place the loaded card face-down underneath that train car. Once loaded, it counts only as the type of cargo shown on the train car it is loaded into."),
    Rule("load.bonus-not-counted", "Load, other notes", "Bonus actions (+A, +L, +B and +D) do not count towards the 2 actions of your turn."),
    # Deliver
    Rule("deliver.action", "Deliver", "Deliver cargo from your train cars to fulfil a contract or passengers from your train cars to a destination."),
    Rule("deliver.one-destination", "Deliver", "Choose a single delivery destination. A destination is a named location, such as Alpine Lodge."),
    Rule("deliver.several-types", "Deliver", "When delivering to a destination, you can carry out one or more of these delivery types as one action."),
    Rule("deliver.primary", "Deliver, primary contract", "Deliver the loaded cargo shown on the primary contract. Place the delivered cargo in the discard pile. You must have all of the required cargo to do this action."),
    Rule("deliver.primary-take", "Deliver, primary contract", "Take the island card and place it beside your engine."),
    Rule("deliver.primary-once", "Deliver, primary contract", "Note: You can only deliver cargo to a primary contract if you do not already have an island card beside your engine. If you already have an island card beside your engine, you must complete one of the secondary contracts before taking a new island card."),
    Rule("deliver.island-owner", "Deliver, primary contract", "Once you have taken an island card, only you can complete the contracts on that card."),
    Rule("deliver.secondary", "Deliver, secondary contract", "Deliver the loaded cargo shown on one of the secondary contracts on the island card beside your engine. Place the delivered cargo in the discard pile. You must have all of the required cargo to do this action."),
    Rule("deliver.secondary-flip", "Deliver, secondary contract", "Flip the island card over and tuck it underneath your engine, oriented to show the secondary contract you just delivered."),
    Rule("deliver.ticket", "Deliver, ticket tile", "Deliver a loaded passenger that matches the destination tile colour."),
    Rule("deliver.ticket-leftmost", "Deliver, ticket tile", "Place the passenger onto the leftmost empty space of the ticket tile and claim the reward shown on the token."),
    Rule("deliver.ticket-last-space", "Deliver, ticket tile", "If the passenger is placed on the final space, advance the progress train forward one space on the progress track."),
    Rule("deliver.special", "Deliver, special delivery", "Perform a special delivery to draw cards. This can be done instead of, or at the same time as delivering to a destination."),
    Rule("deliver.special-cards", "Deliver, special delivery", "Deliver any number of loaded cargo or passengers, placing them aside for now. Draw 2 cards for each cargo or passenger delivered."),
    Rule("deliver.special-return", "Deliver, special delivery", "Place the delivered cargo in the discard pile. Return delivered passengers to the passenger bag."),
    Rule("deliver.together", "Deliver, other notes", "You can deliver any number of goods and passengers as one deliver action, but they must be delivered to the same destination."),
    Rule("deliver.ticket-bonus-own", "Deliver, other notes", "Cargo and passengers loaded through +L bonus actions on the ticket tile must be loaded into your own train cars."),
    Rule("deliver.ticket-bonus-not-counted", "Deliver, other notes", "Bonus actions on ticket tiles (+L and +B) do not count towards the 2 actions of your turn."),
    Rule("progress.advance", "Deliver, other notes", "When an island card is taken or the final passenger is delivered to a Ticket tile, advance the progress train forward one space on the progress track."),
    # End of turn and end of game
    Rule("end.check", "When you have completed 2 Actions", "Check to see if the end of the game has been triggered. The end of the game can be triggered in one of two ways:"),
    Rule("end.trigger-progress", "When you have completed 2 Actions", "When the progress train reaches the required spot on the progress track (dependent on player count)"),
    Rule("end.trigger-deck", "When you have completed 2 Actions", "When there are no more cards in the train deck or discard pile at the end of their turn."),
    Rule("end.final-turns", "When you have completed 2 Actions", "If the progress train has reached the required spot, the active player takes the progress train. All players, including the player who triggered the end of the game, take one final turn then proceed to End of game scoring."),
    Rule("end.deck-final-turns", "When you have completed 2 Actions", "Alternatively, if there are no more cards in the train deck or discard pile at the end of a player's turn, all players, including the player who triggered the end of the game, take one final turn then proceed to End of game scoring. In this case, no-one takes the progress train unless the progress train reaches the required spot as part of their final action. This does not grant any extra turns after their final one."),
    Rule("end.deck-both-empty", "When you have completed 2 Actions", "The end of the game is only triggered in this way when the Train deck and discard piles are both empty."),
    Rule("turn.next", "When you have completed 2 Actions", "If the end of the game has not been triggered, play proceeds to the player on your left."),
    Rule("end.hand-limit", "When you have completed 2 Actions", "If you have 6 or more Train cards in your hand, discard Train cards of your choice until you only have 5 remaining."),
    Rule("end.display-refill", "When you have completed 2 Actions", "If you took any face-up cards from the display, replenish it to ensure there are 3 cards face-up at the end of your turn."),
    # End of game scoring
    Rule("score.tokens", "End of Game Scoring", "tokens claimed throughout the game."),
    Rule("score.cars", "End of Game Scoring", "Built Train cars ★ as shown in the badge on the train cars"),
    Rule("score.contracts", "End of Game Scoring", "Contracts ★ as shown in the badge on the face-up side of your contracts (secondary contracts already show the full total)"),
    Rule("score.loaded", "End of Game Scoring", "Loaded cargo/passengers are each worth 1 ★"),
    Rule("score.progress-train", "End of Game Scoring", "Progress train is worth 1 ★"),
    Rule("score.buildings", "End of Game Scoring", "Buildings ★ as per the scoring conditions (see Buildings 🏠 on page 16)"),
    Rule("score.winner", "End of Game Scoring", "The player with the most points is the winner."),
    Rule("score.tie-break", "End of Game Scoring", "In case of a tie, the player who has the longest train is the winner. If still a tie, the tied player who has the most points from their engine and train cars is the winner. If still a tie, the tied players share the victory."),
    # Solo mode (designer Ayden Lowther), rulebook pages 12-14, in the rulebook's order
    Rule("solo.own-benefit", "Solo mode: Introduction", "Unlike in the regular game, in the solo mode, you will be able to use the abilities on your own train cars."),
    Rule("solo.setup", "Solo mode: Setup", "Setup the game in the same way as the regular game. If you are playing Scenario mode, take note of any special setup instructions in each scenario."),
    Rule("solo.day", "Solo mode: Phase One - Day Phase", "Take 2 A Actions. These actions are the same as in the regular game, with the following changes:"),
    Rule("solo.bonus-no-benefit", "Solo mode: Phase One - Day Phase", "Cargo and passengers loaded through +A and +L bonus actions do not gain the benefit."),
    Rule("solo.night", "Solo mode: Phase Two - Night Phase", "If you have 6 or more Train cards in your hand, discard Train cards of your choice until you only have 5 remaining. If you took any face-up cards from the display, replenish it to ensure there are 3 cards face-up at the end of your turn."),
    Rule("solo.night-discard", "Solo mode: Phase Two - Night Phase", "Discard the top card from the Train deck face up to the discard pile."),
    Rule("solo.return", "Solo mode: Phase Two - Night Phase", "Note: You may return cards from the top of the discard pile to the top of the Train deck at anytime. To do so, discard 3 VP tokens for each card you wish to return to the deck. You can return multiple cards as long as you have the VP tokens to spend for each card."),
    Rule("solo.end", "Solo mode: Game End Conditions, Challenge mode", "When the Train deck is empty, the game ends immediately. Count up your score and check the table below to see your rating."),
    Rule("solo.no-reshuffle", "Solo mode: Game End Conditions, Challenge mode", "Note: Never shuffle the discard deck back into the Train deck in the solo mode."),
    Rule("solo.no-progress", "Solo mode: Game End Conditions, Challenge mode", "You do not use the progress tracker for the solo mode, and it cannot trigger the end of the game."),
    Rule("solo.rating", "Solo mode: Game End Conditions, Challenge mode", "Victory Points Rating 0-49 Freeloader 50-59 Trainee 60-69 Engineer 70-79 Head Conductor 80+ Island Conductor"),
    Rule("scenario.win", "Solo mode: Scenario mode, How to win", "Complete the objective explained in your chosen scenario. If you complete the objective, you win the game immediately."),
    Rule("scenario.lose", "Solo mode: Scenario mode, How to lose", "You will lose the game if the Train deck ever runs out and you have not completed the objective. The Discard deck is never reshuffled."),
    Rule("scenario.1", "Scenarios: Chapter One: Welcome to the Isle of Trains", "Objective: Complete primary and secondary contracts for Billington's and Flint Beach."),
    Rule("scenario.2", "Scenarios: Chapter Two: Strong Foundations", "Objective: Build 4 buildings."),
    Rule("scenario.no-building-limit", "Scenarios: Chapters Two and Seven, special rules", "There is no limit to the number of buildings you can build."),
    Rule("scenario.3", "Scenarios: Chapter Three: New People, New Lands", "Objective: Gain at least 60 victory points."),
    Rule("scenario.5", "Scenarios: Chapter Five: All Aboard!", "Objective: Fill at least 5 ticket tiles with their corresponding passengers."),
    Rule("scenario.4", "Scenarios: Chapter Four: Show Time!", "Objective: Build a train with at least 13 cars attached (not including upgrades or engines)."),
    Rule("scenario.6", "Scenarios: Chapter Six: Northern Tour", "Objective: Complete primary and secondary contracts for Alpine Lodge, Devon City, and the Research Station."),
    Rule("scenario.research-station", "Scenarios: Chapters Six and Eight, special rules", "Add the Research Station to the map during setup."),
    Rule("scenario.7", "Scenarios: Chapter Seven: Capitalise", "Objective: Score at least 50 victory points from buildings."),
    Rule("scenario.9", "Scenarios: Chapter Nine: Big and Powerful", "Objective: Build a Level 3 Engine and 4 different types of Level 3 cars."),
    Rule("scenario.return-cost", "Scenarios: Chapter Nine, special rules", "Discard 2 VP tokens instead of 3 in order to return a card from the discard pile to the top of the Train deck."),
    Rule("scenario.8", "Scenarios: Chapter Eight: Travelling Man", "Objective: Complete the primary contract of all 7 island cards."),
    Rule("scenario.no-secondary", "Scenarios: Chapter Eight, special rules", "You cannot complete secondary contracts. Only complete primary contracts."),
    Rule("scenario.10", "Scenarios: Chapter Ten: You Have My Attention", "Objective: Gain at least 70 victory points."),
    Rule("scenario.negative-tokens", "Scenarios: Chapter Ten, special rules", "Each VP token is a negative point at the end of the game"),
    # Card reference (page 16): buildings
    Rule("building.scoring", "Buildings", "Gain points at the end of the game by fulfilling a building's requirements."),
    Rule("building.coal-factory", "Buildings: Coal Factory", "For each Coal shown on your completed contracts (primary and secondary), gain 2 points."),
    Rule("building.oil-refinery", "Buildings: Oil Refinery", "For each Oil shown on your completed contracts (primary and secondary), gain 2 points."),
    Rule("building.customs-house", "Buildings: Customs House", "For each Box shown on your completed contracts (primary and secondary), gain 2 points."),
    Rule("building.bank", "Buildings: Bank", "For each passenger or cargo loaded into your train, gain 2 additional points."),
    Rule("building.grand-central", "Buildings: Grand Central", "Gain 8 points (no requirements)."),
    Rule("building.town-hall", "Buildings: Town Hall", "For each engine and train car showing a passenger icon in your train, gain 2 points."),
    Rule("building.rail-yard", "Buildings: Rail Yard", "For each train car in your train (not including your engine), gain 2 points."),
    Rule("building.middle-station", "Buildings: Middle Station", "Gain 4 points plus 1 point for each passenger delivered to Cactus Mines and Devon City."),
    Rule("building.northern-station", "Buildings: Northern Station", "Gain 4 points plus 1 point for each passenger delivered to Alpine Lodge and Billington's."),
    Rule("building.southern-station", "Buildings: Southern Station", "Gain 4 points plus 1 point for each passenger delivered to Camp Eagle and Flint Beach."),
    # Cabooses
    Rule("caboose.owner", "Cabooses", "Cabooses are unique train cars, and give ongoing bonuses to the player who has built them."),
    Rule("caboose.1", "Cabooses: Caboose 1", "When you take the Deliver action, draw 1 card. When built, take 1 passenger."),
    Rule("caboose.4", "Cabooses: Caboose 4", "You may build 1 additional building. When this caboose is built, take 1 passenger."),
    Rule("caboose.2", "Cabooses: Caboose 2", "When you Load a Coal, draw 1 card. When built, take 1 passenger."),
    Rule("caboose.5", "Cabooses: Caboose 5", "Train cards cost 1 less to build when extending your train. When built, take 1 passenger. This caboose does not give any benefits for upgrading your cars."),
    Rule("caboose.3", "Cabooses: Caboose 3", "You may store 1 of any good type with this caboose. If you store a card with all good types, it can become any type when it is unloaded. When built, take 1 passenger."),
    Rule("caboose.6", "Cabooses: Caboose 6", "Your weight capacity is increased by 2. When built, take 1 passenger."),
    Rule("caboose.7", "Cabooses: Caboose 7", "Once per Delivery action, you may deliver a passenger to a contract as if they were any cargo type. The passenger delivered in this way is returned to the passenger bag. When built, take 1 passenger."),
    Rule("caboose.8", "Cabooses: Caboose 8", "When you Load a passenger, draw 2 cards. When built, take 2 passengers."),
    Rule("caboose.9", "Cabooses: Caboose 9", "When you Deliver, you may also deliver 1 passenger to any other destination. That passenger must match the destination it is being delivered to. When built, take 1 passenger."),
    Rule("caboose.10", "Cabooses: Caboose 10", "When taking a Deliver action, you may deliver a passenger to the current destination even if it does not match. If you do this, gain the reward shown on the leftmost empty space of the ticket tile and return the passenger to the bag. When built, take 1 passenger."),
    # Engines and cars
    Rule("car.engine", "Engines", "Engines determine the Engine Capacity of your train."),
    Rule("car.E1", "Engines: Engine Level 1", "+4 Engine Capacity When Passengers are loaded, draw 2 cards."),
    Rule("car.E2", "Engines: Engine Level 2", "+6 Engine Capacity When Passengers are loaded, draw 2 cards. When built, take 1 passenger."),
    Rule("car.E3", "Engines: Engine Level 3", "+8 Engine Capacity When Passengers are loaded, draw 2 cards. When built, take 1 passenger."),
    Rule("car.H1", "Hoppers: Hopper Level 1", "When Coal is loaded, draw 3 cards, then discard 1 card (this does not have to be one of the three you drew)."),
    Rule("car.H2", "Hoppers: Hopper Level 2", "When Coal is loaded, draw 2 cards, then you may do a bonus B Build action."),
    Rule("car.H3", "Hoppers: Hopper Level 3", "When Coal is loaded, draw 2 cards, then you may do a bonus A Action."),
    Rule("car.T1", "Tankers: Tanker Level 1", "When Oil is loaded, draw 3 cards."),
    Rule("car.T3", "Tankers: Tanker Level 3", "When Oil is loaded, draw 3 cards, then you may do a bonus L Load or D Deliver action."),
    Rule("car.T2", "Tankers: Tanker Level 2", "When Oil is loaded, draw 3 cards, then you may do a bonus D Deliver action."),
    Rule("car.X1", "Boxcars: Boxcar Level 1", "When Boxes are loaded, draw 4 cards."),
    Rule("car.X2", "Boxcars: Boxcar Level 2", "When Boxes are loaded, draw 4 cards, then you may do a bonus L Load action."),
    Rule("car.X3", "Boxcars: Boxcar Level 3", "When Boxes are loaded, draw 5 cards, then discard 1 card (this does not have to be one of the five you drew), then you may do a bonus L Load action."),
    Rule("car.C1", "Coaches: Coach Level 1", "When Passengers are loaded, draw 3 cards, then take 1 VP token. When built, take 1 passenger."),
    Rule("car.C2", "Coaches: Coach Level 2", "When Passengers are loaded, draw 3 cards, then take 2 VP tokens. When built, take 2 passengers."),
    Rule("car.C3", "Coaches: Coach Level 3", "When Passengers are loaded, draw 3 cards, then take 3 VP tokens. When built, take 3 passengers."),
    # Ticket tiles (ids as in tickets.json; the rulebook lists them in the order 1, 3, 2, 5, 6, 4)
    Rule("ticket.reward", "Ticket tiles", "Ticket tiles give a bonus when passengers are delivered."),
    Rule("ticket.1", "Ticket tiles", "Reward 1: Take 5 cards. Reward 2: Take 4 cards. Reward 3: Take 3 cards."),
    Rule("ticket.3", "Ticket tiles", "Reward 1: Take 5 cards. Reward 2: Take 2 cards and gain 2 VP tokens. Reward 3: Gain 2 VP tokens."),
    Rule("ticket.2", "Ticket tiles", "Reward 1: Take 2 cards and do a bonus L Load action Reward 2: Take 1 card and do a bonus L Load action Reward 3: Do a bonus L Load action"),
    Rule("ticket.5", "Ticket tiles", "Reward 1: Gain 4 VP tokens. Reward 2: Gain 3 VP tokens. Reward 3: Gain 2 VP tokens."),
    Rule("ticket.6", "Ticket tiles", "Reward 1: Gain 4 VP tokens. Reward 2: Take 2 cards and gain 2 VP tokens. Reward 3: Take 3 cards."),
    Rule("ticket.4", "Ticket tiles", "Reward 1: Take 2 cards and do a bonus B Build action. Reward 2: Take 1 card and do a bonus B Build action. Reward 3: Do a bonus B Build action."),
]



RULES: dict[str, Rule] = {r.id: r for r in _RULES}


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "ruling.town-hall",
        RULES["building.town-hall"].passage,
        "A card counts when it has a passenger space (every engine and every coach). The passenger "
        "icons that only say how many passengers to take when the card is built (on the cabooses) "
        "do not count.",
        "The icon in a car's capacity box marks what it carries, which fits a building about "
        "passenger service and the words \"engine and train car\": every engine has a passenger "
        "space. A literal reader counts any passenger icon, which adds every caboose (each shows "
        "one or two build icons).",
        "town_hall='passenger-spaces' (default) | 'passenger-icons'",
    ),
    Ruling(
        "ruling.caboose-3-goods",
        RULES["caboose.3"].passage,
        "Caboose 3 has one space that takes cargo of any type and never a passenger. A card "
        "stored there counts as the type it shows; a card showing all types counts as whichever "
        "type a delivery needs. Any player may load it like any other space; it shows no "
        "benefit, so a player loading into another's Caboose 3 gains nothing. Loading face down "
        "(load.face-down) is not offered there: every card already fits, and the caboose grants "
        "the any-type reading only to cards that show all types.",
        "\"Goods\" are cargo throughout the rulebook; Caboose 7 exists to let a passenger stand "
        "in for cargo, which would be pointless if cargo spaces took passengers. The space is a "
        "space on a train, and load.space lets anyone load any train.",
        "caboose_3_loaders='anyone' (default) | 'owner'",
    ),
    Ruling(
        "ruling.research-station-any",
        RULES["deliver.primary"].passage,
        "The Research Station's segmented icons are met by loaded cargo of any type (coal, oil or "
        "box), never by a passenger (except through Caboose 7). They are neither Coal, Oil nor "
        "Box for the Coal Factory, Oil Refinery and Customs House.",
        "Contracts take cargo and passengers go to destinations (deliver.action); the segmented "
        "icon is not the coal, oil or box icon the three buildings count.",
        "research_any_icons='none' (default) | 'each' (an any icon counts for all three buildings)",
    ),
    Ruling(
        "ruling.research-station-destination",
        RULES["deliver.one-destination"].passage,
        "The Research Station (4 players) is a destination for its contracts: a Deliver action "
        "may name it. It has no destination tile, no ticket tile and no passengers, so only "
        "contracts and special deliveries happen there.",
        "It is a named location with an island card; setup gives it no destination tile.",
    ),
    Ruling(
        "ruling.vp-tokens",
        RULES["components.vp-tokens"].passage,
        "VP tokens are unlimited and kept as a number per player; no denominations.",
        "The rulebook says they are not limited; their denominations are not known (research 1.8) "
        "and do not matter to play.",
    ),
    Ruling(
        "ruling.l1-engine-cost",
        RULES["build.upgrade-cost"].passage,
        "The Level 1 Engine costs 1, so upgrading it to Level 2 costs 2 and to Level 3 costs 5.",
        "The card art and the licensed BGA data both print 1 (research 1.9); one review's \"cost "
        "0\" has no support. The rulebook's coach example (Level 1 to Level 3 costs 6 = 7 - 1) "
        "fits the same printed costs. A data question, changed in cards.json, not a switch.",
    ),
    Ruling(
        "ruling.loaded-type",
        RULES["load.face-down"].passage,
        "A card loaded face down, or a card showing all types, counts only as the car's type "
        "from then on: for the car's benefit, for Caboose 2 (\"when you Load a Coal\") and for "
        "every delivery. Its own printed icon no longer matters.",
        "\"Once loaded, it counts only as the type of cargo shown on the train car it is loaded "
        "into\" (load.any-icon and load.face-down say it alike).",
    ),
    Ruling(
        "ruling.bonus-any-action",
        RULES["car.H3"].passage,
        "+A is any one of the four actions, Take included. +L, +B and +D are that action only; "
        "the Level 3 Tanker's choice is Load or Deliver. A Load made with +A or +L goes into "
        "your own train and gains no benefit.",
        "A is the rulebook's symbol for the actions of a turn (\"take 2 A Actions\"); "
        "load.bonus-own-train names +A among bonus loads.",
    ),
    Ruling(
        "ruling.bonus-optional",
        RULES["load.benefit-order"].passage,
        "Drawing, the discard after drawing (Level 1 Hopper, Level 3 Boxcar) and VP tokens are "
        "compulsory; a bonus action may be declined. Cards drawn by benefits, ticket rewards, "
        "special deliveries and cabooses come from the top of the train deck, never the display.",
        "The cards say \"then discard 1 card\" but \"you may do a bonus ... action\"; only the "
        "Take action names the display.",
    ),
    Ruling(
        "ruling.empty-piles",
        RULES["take.reshuffle"].passage,
        "When the train deck and the discard pile are both empty, a draw takes what there is and "
        "the rest is lost; a Take of a card needs a card in the display or the deck; the display "
        "may stay short.",
        "There is nothing left to shuffle; turn.must-fulfil forbids an action that cannot be done.",
    ),
    Ruling(
        "ruling.capacity-after-build",
        RULES["build.capacity"].passage,
        "The check uses the train as it will be after the build: an upgraded car's weight is "
        "replaced by the new car's, a new engine or Caboose 6 counts with its capacity, and a "
        "car dropped with build.drop-car no longer counts.",
        "The rulebook's example: \"after the build action they will have a total weight of 2 so "
        "they are able to build\".",
    ),
    Ruling(
        "ruling.upgrade-higher",
        RULES["build.skip-level"].passage,
        "An upgrade goes to a higher level of the same category (1 to 2, 1 to 3, 2 to 3); its "
        "passengers-on-build are drawn as for any build.",
        "\"Upgrade\" and a cost that is a difference only make sense upwards; the rulebook's "
        "example gives passengers for an upgraded coach.",
    ),
    Ruling(
        "ruling.upgrade-keeps-load",
        RULES["build.discard-upgraded"].passage,
        "Cargo and passengers loaded on an upgraded car stay on the new car (a higher level always "
        "has more spaces of the same kind). A car dropped with build.drop-car goes to the discard "
        "pile with its cargo; its passengers return to the bag.",
        "The rulebook is silent. The upgrade replaces the car in place; taking the load away would "
        "punish it without a word in the rules. A dropped car leaves the train entirely, and "
        "passengers leaving a train go back to the bag (deliver.special-return).",
        "upgrade_load='keep' (default) | 'discard'",
    ),
    Ruling(
        "ruling.caboose-5",
        RULES["caboose.5"].passage,
        "Caboose 5 makes every card added to the end of your train (cars and cabooses) cost 1 "
        "less, never below 0; not upgrades, not buildings. A Caboose 5 discarded to make weight "
        "in the same build (build.drop-car) gives no discount.",
        "Extending is adding a train car to the right of the train (build.extend-or-upgrade); "
        "buildings are not part of the train. The car is discarded \"before building\", so the "
        "caboose is gone when the cost is counted (step 3 comes after step 2).",
    ),
    Ruling(
        "ruling.caboose-4",
        RULES["caboose.4"].passage,
        "A player holds 1 building, or 2 while Caboose 4 is in their train. Building a new one at "
        "that limit replaces a previously built building of the player's choice (asked only when "
        "there are two to choose from). A player who discards Caboose 4 from the train "
        "(build.drop-car) while holding two buildings at once discards one of them, of their "
        "choice, to the discard pile.",
        "\"You can only ever have 1 building. A previously built building may be replaced by "
        "building a new one\" (build.one-building) does not say which of two goes, so the owner "
        "chooses, as with every other card they part with. \"Only ever\" also rules out keeping a "
        "second building once the caboose that allowed it is gone; a reader who keeps both would "
        "leave a table that breaks build.one-building for the rest of the game, so there is no "
        "switch.",
    ),
    Ruling(
        "ruling.ticket-reward-now",
        RULES["deliver.ticket-leftmost"].passage,
        "A ticket space's reward is claimed as its passenger is placed: its cards are drawn and "
        "its bonus action taken (or declined) at once, then the delivery goes on. Several "
        "passengers in one Deliver action claim their rewards one by one, in the order they were "
        "placed; cards come before the bonus action. Caboose 10's reward likewise.",
        "Step 2 places the passenger \"and claim[s] the reward shown on the token\" before step 3 "
        "(the progress train); load.benefit-order draws cards before bonus actions. Nothing "
        "defers a reward to the end of the Deliver action (only a special delivery sets things "
        "aside \"for now\").",
    ),
    Ruling(
        "ruling.caboose-owner-loads",
        RULES["caboose.owner"].passage,
        "Caboose abilities serve only their owner. Caboose 2 and Caboose 8 draw when their owner "
        "loads, into any train and by bonus loads too; loading into another player's caboose "
        "never triggers that player's ability.",
        "\"give ongoing bonuses to the player who has built them\"; \"When you Load\".",
    ),
    Ruling(
        "ruling.caboose-passengers",
        RULES["caboose.9"].passage,
        "Caboose 7, 9 and 10 work on loaded passengers (deliveries come from train cars), once "
        "per Deliver action each; the player names which passenger (by its destination), as for "
        "a special delivery. Caboose 9 delivers to the other destination's ticket tile as a "
        "ticket delivery (leftmost space, reward, progress on the last space). Caboose 10 needs an "
        "empty space on the current tile, fills none and so never advances the progress train.",
        "Deliver takes cargo and passengers \"from your train cars\"; Caboose 10 returns its "
        "passenger to the bag instead of placing it.",
    ),
    Ruling(
        "ruling.special-delivery",
        RULES["deliver.special"].passage,
        "A special delivery needs no destination: a Deliver action may be a special delivery "
        "alone, or add one to deliveries at its single destination. Passengers delivered this way "
        "are not \"delivered to\" a destination for the station buildings.",
        "\"This can be done instead of, or at the same time as delivering to a destination.\"",
    ),
    Ruling(
        "ruling.station-passengers",
        RULES["building.middle-station"].passage,
        "The three station buildings count the passengers their owner placed on the ticket tiles "
        "of the two named destinations (Caboose 9 deliveries included).",
        "Every other building scores its owner's own play (\"your\" contracts, \"your\" train). "
        "Reasonable readers count every passenger on those two tiles, whoever placed it, which is "
        "what the table shows at the end.",
        "station_passengers='own' (default) | 'all'",
    ),
    Ruling(
        "ruling.secondary-where",
        RULES["deliver.secondary"].passage,
        "A secondary contract is delivered at its own island's destination, so one Deliver action "
        "there may take the primary and then complete a secondary of the same island.",
        "Deliveries happen at a single named destination and an island's contracts are at that "
        "island; deliver.several-types allows several deliveries in one action. Another reading "
        "lets the island beside your engine be completed at any destination.",
        "secondary_at='island' (default) | 'anywhere'",
    ),
    Ruling(
        "ruling.final-turns",
        RULES["end.final-turns"].passage,
        "Once the end is triggered, the turn order continues with the next player and every "
        "player, the triggering player last, takes exactly one more turn.",
        "\"All players, including the player who triggered the end of the game, take one final turn\".",
    ),
    Ruling(
        "ruling.progress-train-deck-end",
        RULES["end.deck-final-turns"].passage,
        "After a deck-empty trigger, the player whose action moves the progress train onto the "
        "end space takes it at once; nobody gets more turns. After a progress trigger the train "
        "is taken by the active player at the end of that turn, and later advances change "
        "nothing. The train never moves past the track's last space.",
        "\"no-one takes the progress train unless the progress train reaches the required spot "
        "as part of their final action. This does not grant any extra turns\".",
    ),
    Ruling(
        "ruling.end-of-turn-order",
        RULES["end.check"].passage,
        "At the end of a turn: discard down to 5 cards, refill the display, then check whether the "
        "end has been triggered.",
        "The deck trigger looks at the piles \"at the end of their turn\", and the refill happens "
        "\"at the end of your turn\" and may draw the last cards; checking first would miss that. "
        "Discards to the hand limit land in the discard pile before the check.",
        "end_check='after-cleanup' (default) | 'before-cleanup'",
    ),
    Ruling(
        "ruling.first-player",
        RULES["turn.next"].passage,
        "Player 1 takes the first turn; play passes to the left (seat order).",
        "The rulebook does not say who starts.",
    ),
    Ruling(
        "ruling.longest-train",
        RULES["score.tie-break"].passage,
        "The longest train is the one with the most cards in it (engine, cars and cabooses; "
        "loaded cards and buildings not counted).",
        "The train is the engine and the cars to its right (build.extend-or-upgrade).",
    ),
    Ruling(
        "ruling.solo-return-when",
        RULES["solo.return"].passage,
        "A card may be returned whenever the solo player decides anything: between actions, in the "
        "middle of an action (while paying for a build, choosing a discard, taking a bonus action) "
        "and in the Night while discarding down to 5, before the display is refilled and the top "
        "card discarded (a Night with nothing to discard asks nothing: return the card before the "
        "Day's last decision); never while chance decides (a draw already under way). The "
        "returned card is the top of the deck: the next draw takes it, a refill or the Night's "
        "discard included.",
        "\"At anytime\" puts no limit, and the note sits in the Night phase itself. A stricter "
        "reader allows it only between actions, so that an action is never interrupted.",
        "solo_return_at='any-decision' (default) | 'between-actions'",
    ),
    Ruling(
        "ruling.solo-deck-out",
        RULES["solo.end"].passage,
        "The game ends the moment the last card leaves the train deck (a draw, a refill or the "
        "Night's discard), even in the middle of an action: what is left of that action is not "
        "played. Cards returned on top of the deck count as the deck.",
        "\"The game ends immediately\". A gentler reader lets the action in progress finish, with "
        "draws from the empty deck giving nothing.",
        "solo_deck_out='at-once' (default) | 'after-action'",
    ),
    Ruling(
        "ruling.solo-objective-first",
        RULES["scenario.win"].passage,
        "The objective is checked whenever no step of an action waits for the player: after every "
        "action once its steps are done (a building once paid for, a delivery once finished), "
        "after each draw, and in the Night. It is measured on the table as it stands: points "
        "chapters count the score as it would be scored now. It is also checked first whenever the "
        "deck runs out, even with steps of the action still to come (a Hopper's draws after its "
        "load, a ticket tile's cards, a bonus action): an objective met by then wins, never lost "
        "to the deck's end (a building still to be paid for counts once paid).",
        "Both ends are \"immediately\"; a player who completes the objective has won before the "
        "deck's end is looked at.",
    ),
    Ruling(
        "ruling.solo-bonus-loads",
        RULES["solo.bonus-no-benefit"].passage,
        "Loads through every bonus action gain no benefit: +A, +L and the Tanker 3's +L/D (a "
        "bonus Load too). Loads through a main Load action gain the car's benefit.",
        "The +L/D bonus is a bonus Load action whenever it is used to load.",
    ),
    Ruling(
        "ruling.challenge-target",
        RULES["solo.rating"].passage,
        "The Challenge's outcome is the rating; it counts as a win from 50 points (Trainee), the "
        "first rating above Freeloader.",
        "The introduction speaks of \"attempting to reach a target score\" without naming it; the "
        "rating table is the only scale given.",
        "challenge_target='50' (default) | '60' | '70' | '80'",
    ),
    Ruling(
        "ruling.chapter-4-cars",
        RULES["scenario.4"].passage,
        "Every card in the train but the engine counts, cabooses included; an upgraded car is one "
        "car (upgrading adds nothing).",
        "Cabooses are train cars (\"caboose cars\", build.cabooses); \"not including upgrades\" "
        "means an upgrade does not add a car.",
    ),
    Ruling(
        "ruling.chapter-5-tickets",
        RULES["scenario.5"].passage,
        "A ticket tile is filled when its three passenger spaces are (passengers go to a ticket "
        "tile only at their own destination).",
        "Each ticket tile has three spaces (deliver.ticket).",
    ),
    Ruling(
        "ruling.chapter-8",
        RULES["scenario.no-secondary"].passage,
        "In Chapter 8 primary contracts may be completed while island cards wait beside the "
        "engine: the cards pile up there, and no secondary contract can be completed.",
        "Read literally with deliver.primary-once (a new island card only after a secondary), only "
        "one primary could ever be completed and the chapter could not be won; the objective "
        "(all 7 primaries) shows the intent. 'literal' plays it as printed.",
        "chapter_8='primaries-pile-up' (default) | 'literal'",
    ),
    Ruling(
        "ruling.chapter-9-types",
        RULES["scenario.9"].passage,
        "The 4 types of Level 3 cars are the Level 3 Coach, Hopper, Tanker and Boxcar (cabooses have "
        "no level).",
        "Only those four categories of car have levels.",
    ),
)
