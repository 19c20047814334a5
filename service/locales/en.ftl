# The bot's own messages (the games' are beside each game in the engine).

## Errors: short, never carrying hidden cards.
err-unknown-game = There is no game called “{ $game }”.
err-game-disabled = { $game } is not enabled on this server.
err-channel-not-allowed = Games cannot be hosted in this channel.
err-channel-busy = This channel already has a game. Finish it, or start yours in another channel or thread.
err-no-game = There is no game here.
err-not-in-lobby = The game has already started; the lobby is closed.
err-not-running = The game has not started yet.
err-frozen = This game is frozen and cannot continue.
err-lobby-full = The lobby is full.
err-already-seated = You already sit at this table.
err-not-a-player = You are not a player of this game.
err-not-host = Only the host can do that.
err-not-admin = Only a server admin (Manage Server) can do that.
err-clocks-while-running = The reminders and time limits of this conversation can be changed only while no game is running here.
err-clocks-of-server = Here the server's settings set the reminders and time limits, and its admins change them.
# bare: min
err-too-few-players = Too few players: { $got }, at least { $min } needed.
err-bad-option = Bad game option: { $reason }
err-not-your-turn = It is not your turn.
err-illegal-choice = That choice is not available now.
err-stale = This choice is no longer current: the game has moved on.
err-already-applied = Already applied.
err-malformed-id = That button is not valid.
err-foreign-game = This button belongs to a game in another channel. Use the buttons on that game's own table.
discord-not-in-bot-dm = Games are played in a server's channel, or in a DM or group DM with your friends once you add Vliv to your account (Add App on its profile). Here, in your DM with me, you get your hands and turn notices.
err-lobbies-per-user = You already host { $n ->
    [one] an open lobby
   *[other] { $n } open lobbies
} on this server, the most allowed. Start or leave one first.
err-lobbies-per-server = This server already has { $n ->
    [one] an open lobby
   *[other] { $n } open lobbies
}, the most allowed. Join one, or wait until one starts or expires.
err-running-per-host = You already host { $n ->
    [one] a running game
   *[other] { $n } running games
} on this server, the most allowed. Finish one first.
err-running-per-server = This server already has { $n ->
    [one] a running game
   *[other] { $n } running games
}, the most allowed. Wait until one ends.
err-too-many-spectators = { $n ->
    [one] Someone is
   *[other] { $n } people are
} already watching this game, the most allowed.
err-confirm-forfeit = Leaving a running game forfeits it; the AI takes your seat. Confirm to leave.
err-game-over = The game is over.
err-rules-changed = This game's rules changed since it was stored; it cannot continue.
err-newer-release = This game was last played with a newer version of Vliv, which is being updated. It goes on as soon as that version is back; please try again in a few minutes.
err-cooldown = Please wait { $secs ->
    [one] a second
   *[other] { $secs } seconds
} before asking again.
err-retry = Something went wrong while saving. Nothing was applied; please try again.

## Frozen games at start-up.
frozen-unknown-game = This game can no longer be loaded (its kind is unknown). It is frozen.
frozen-rules-changed = This game's rules changed since it was stored. It is frozen as it stood.
frozen-diverged = This game's stored moves no longer reproduce its table. It is frozen as it stood.
frozen-data-changed = This game began with other component data than the bot uses now (the override file changed). Rather than go on with other numbers, it is frozen as it stood.

## Endings by agreement.
outcome-conceded = { $player } conceded.
outcome-draw-agreed = All players agreed to a draw.
outcome-abandoned = The game was abandoned.
outcome-lobby-expired = Nobody started this lobby within { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}, so it closed. /game new opens another.
outcome-timed-out = { $player } ran out of time; the game was abandoned.

## The table.
table-lobby = Lobby of { $game }, hosted by { $host }
table-seats = Seats
table-seat-empty = (empty)
table-seat-ai = { $name } (AI)
table-seat-forfeited = { $name } (AI, forfeited by { $user })
table-waiting-for = Waiting for { $players }
table-waiting-until = Waiting for { $players } (until { $time })
table-result = Result
table-frozen = Frozen
table-options = Options
table-log = Recent moves
table-footer = Game #{ $id }
button-join = Join
button-start = Start
button-hand = My hand
button-rematch = Rematch
button-confirm-leave = Yes, forfeit
button-confirm-abandon = Yes, abandon

## Turn flow.
ping-your-turn = { $player }, your turn in { $game }.
ping-reminder = { $player }, reminder: { $game } is waiting for you.
dm-your-turn = Your turn in { $game }: { $link }
dm-refused = { $player } does not accept direct messages: use “My hand” on the table.
panel-moved = Your hand no longer fits this panel: it goes on, whole, in the new message below.
timeout-applied = { $player } ran out of time; the game chose for them.
automatic-stalled = The database did not answer, so the next automatic moves are late. Every move shown is saved; the game continues by itself as soon as the database is back.
move-applied = Done.
done-not-shown = Done, but the table could not be updated in this channel (the bot may lack a permission there: View Channel, Send Messages, Embed Links). /game status posts it again.
lobby-opened-not-shown = The lobby for { $game } is open, but its table could not be posted in this channel: the bot needs View Channel, Send Messages and Embed Links here. Grant them and run /game status to post it, or /game leave to close the lobby.
rematch-invite = { $host } would like a rematch of { $game }: { $players }, press Join on the table to play again.
draw-offered = { $player } offers a draw. Everyone else: /game offer-draw to accept.
game-abandoned = The game was abandoned.
lobby-opened = A lobby for { $game } is open.
seat-taken = { $player } joined.
seat-left = { $player } left.
seat-forfeited = { $player } forfeited; the AI takes the seat.
confirm-abandon = Abandon this game for everyone?

## Lists.
list-none = Nothing to show.
list-game = #{ $id } { $game } in { $channel }
history-line = #{ $id } { $game }: { $players } — { $result } ({ $date })
history-draw = draw
history-abandoned = abandoned

## Settings.
settings-saved = Saved.
settings-show = DMs: { $dms }; language: { $lang }
err-no-preferences = The game { $game } has no personal preferences.
prefs-title = Your preferences for { $game }:
prefs-how = To change one: `/vliv preferences game:{ $game } values:key=value`.
admin-show = Channels: { $channels }; games: { $games }; reminder: { $reminder } min; timeout: { $timeout } min ({ $action }); language: { $lang }; threads: { $threads }; pictures: { $pictures }; AI taking over seats: { $ai }; hints: { $hints }
admin-show-discord = { $settings }; table layout: { $layout }
layout-embed = classic (embed)
layout-components-v2 = new (Components V2)
admin-all = all
yes = yes
no = no
timeout-action-game-choice = the game's timeout choice
conversation-clocks = Games in this conversation: a waiting player is reminded after { $reminder } min (0: never), and their time runs out after { $timeout } min; then: { $action }. Anyone here can change this while no game is running.
timeout-action-abandon = abandon the game

# chaos branch: a commit whose answer was lost; a table late because of the database
err-unconfirmed = The database stopped answering just as this was being saved, so it may or may not have been applied. Look at the table in a moment; trying again is safe (a move already made is not made twice).
err-unavailable = The database is not answering right now. Please try again in a moment.
done-table-late = Done, but the database did not answer while the table was being updated, so it may be behind for a moment. /game status shows the game as stored.
# A channel where Discord refuses the bot's files: said once, the tables go on as text.
pictures-need-attach-files = The table's pictures cannot be shown in this channel: the bot lacks the **Attach Files** permission here. A server admin can grant it in the channel's settings (Permissions) or to the bot's role; until then the game goes on in text.
# A lobby refused before anything is created: the bot lacks permissions in the channel.
lobby-missing-permissions = The lobby was not opened: the bot lacks { $count ->
        [one] the permission
       *[other] the permissions
    } { $permissions } in { $channel }. A server admin can grant { $count ->
        [one] it
       *[other] them
    } in the channel's settings (Permissions) or to the bot's role.
# A request about a game's table refused before anything is done: the bot lacks permissions where the table lives.
table-missing-permissions = Nothing was done: the bot lacks { $count ->
        [one] the permission
       *[other] the permissions
    } { $permissions } in { $channel }, which it needs to show the game's table there. A server admin can grant { $count ->
        [one] it
       *[other] them
    } in the channel's settings (Permissions) or to the bot's role.
# Discord's names of its permissions.
permission-view-channel = **View Channels**
permission-send-messages = **Send Messages**
permission-embed-links = **Embed Links**
permission-attach-files = **Attach Files**
permission-create-public-threads = **Create Public Threads**
permission-send-messages-in-threads = **Send Messages in Threads**

# ai-bot: an AI seat thinking for longer than a second (on the table until its next edit).
table-ai-thinking = { $player } is thinking…
timeout-action-ai = hand the seat to the AI
timeout-ai-takes-over = { $player } ran out of time; the AI plays the seat from now on.

# branch console: the terminal's own lines (vliv console)
console-title = { $game } — deal { $deal } — { $players }
console-since = -- Since your last decision --
console-pass = Pass the terminal to { $player } and press Enter.
console-seat = ===== { $player } — the hand and choices below are for { $player } only =====
console-only-choice = { $player }: { $choice } — the only possible choice, made for you.
console-answer = Type a number from 1 to { $max }, t to see the table again, or h for what the AI would do.
console-hint-title = What the AI would choose here, from what you know (estimated chance to win):
# bare: percent
console-hint-line = { $choice }: { $percent }%
console-review-title = Review of { $player }'s decisions: the moves that cost the most estimated chance to win, judged from what you knew then:
console-review-none = No decision cost more than 1% estimated chance to win.
console-input-ended = The input ended before the game did.
console-not-admin = That takes an admin of a server or a room; the console has none.
console-err-on-vacation = You are on vacation until { $time }.
console-err-game-disabled = { $game } cannot be played here.
console-err-malformed-choice = That choice is not valid.
console-err-foreign-game = That choice belongs to another game.
console-err-seat-handed-over = Your seat in this game was handed to another player, so its earlier choices no longer count.
console-err-hints-off = Hints are off here.
console-draw-offered = { $player } offers a draw.
console-trade-done = { $player }: you are done trading for now; you will be asked again when an offer or an answer reaches you.
console-trade-over = Every human player is done trading and the AI players have finished: the trading period ends.
console-seats-exact = { $game } is played by exactly { $min ->
    [one] { $min } player
   *[other] { $min } players
}, but --seats lists { $got ->
    [one] { $got } seat
   *[other] { $got } seats
}.
console-seats-range = { $game } is played by { $min }–{ $max ->
    [one] { $max } player
   *[other] { $max } players
}, but --seats lists { $got ->
    [one] { $got } seat
   *[other] { $got } seats
}.

# ratings branch: ratings, /stats, /leaderboard, retention and storage (issue 20)
rating-rated = Rated: the players' ratings in this game have changed (/stats).
rating-unrated-abandoned = Not rated: the game was abandoned.
rating-unrated-ai = Not rated: the AI played a seat.
rating-unrated-shared-seat = Not rated: one person played more than one seat.
err-page-gone = That page of the leaderboard no longer exists: the leaderboard has { $pages ->
    [one] { $pages } page
   *[other] { $pages } pages
} now. Ask for it again with /leaderboard.
err-foreign-board = This leaderboard belongs to another server.
no-leaderboard-outside-servers = Leaderboards are kept per server. Outside a server, /stats shows your own games and ratings.
stats-title = Statistics on this server
stats-player = Player: { $player }
stats-total = { $games ->
    [one] { $games } finished game
   *[other] { $games } finished games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}; favourite game: { $favourite }
stats-none = { $player } has not finished a game on this server yet.
stats-game = { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}; rating { $rating } ± { $sigma }
stats-game-unrated = { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}; no rating yet (only games people play to the end are rated)
leaderboard-title = Leaderboard: { $game } ({ $page }/{ $pages })
leaderboard-row = { $rank }. { $player }: { $rating } ± { $sigma } ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
})
leaderboard-empty = Nobody has a rating in { $game } on this server yet: only games people play to the end are rated.
leaderboard-how = Ordered by the rating minus three times its uncertainty.
admin-retention = Ended games are { $days ->
    [0] kept for ever
    [one] deleted { $days } day after they end
   *[other] deleted { $days } days after they end
}; results and ratings are kept.
admin-storage = Storage on this server: { $games ->
    [one] { $games } game
   *[other] { $games } games
} (ended: { $ended }), { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, about { $size }.

# branch humane (issue 23): time zones, quiet hours, vacations, days per move
settings-time = Time zone: { $zone }; quiet hours: { $quiet }
settings-quiet-none = none
err-unknown-zone = “{ $zone }” is not a time zone: choose one from the list (e.g. Europe/Prague).
err-bad-quiet-hours = “{ $quiet }” are not quiet hours: write from-to in hours, e.g. 22-08 or 22:30-07:00, or “off”.
err-vacation-allowance = { $n ->
    [one] Only { $n } vacation day is left this year.
   *[other] Only { $n } vacation days are left this year.
}
err-on-vacation = You are on vacation until { $time }; /vliv back ends it early.
err-not-on-vacation = That player is not on vacation.
err-vacation-in-reaction = Game { $id } is waiting for your answer in a reaction window: answer it first, then go on vacation.
err-vacation-in-shared-step = Game { $id } is waiting for you and other players at once: finish that step first, then go on vacation.
vacation-started = Enjoy your vacation! Your time to move waits until { $time }. { $n ->
    [one] { $n } vacation day is left this year.
   *[other] { $n } vacation days are left this year.
}
vacation-ended = Welcome back: your time to move runs again from where it stopped. { $n ->
    [one] { $n } vacation day is left this year.
   *[other] { $n } vacation days are left this year.
}
vacation-ended-by-admin = { $user }: the vacation is over and their time to move runs again.
table-on-vacation = { $player } is on vacation until { $time }
table-turn-ends = Time to move ends { $time }
table-days-per-move = { $n ->
    [one] { $n } day per move
   *[other] { $n } days per move
}
admin-vacations = { $n ->
    [one] Vacation: { $n } day per year
   *[other] Vacation: { $n } days per year
}; time to move stops in quiet hours: { $sleeping }


# replays branch: /game history pages, replays, exports, spectators, substitutes
err-seat-handed-over = Your seat in this game was handed to another player, so your earlier buttons no longer work.
err-not-your-seat = Only the player in that seat or a server admin can hand it over.
err-no-such-seat = This table has no seat { $seat }.
err-still-running = This game is still running. It can be exported once it has ended (the file reveals every card).
err-not-watching = You are not watching this game.
history-title = Finished games in this channel — page { $page }
history-length = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, { $duration }
duration-minutes = { $minutes } min
duration-hours = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
duration-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
history-seat-change = { $name }: { $from } → { $to } (after move { $at })
history-seat-ai = the AI
# bare: step
replay-title = Replay of game #{ $id }: { $game }, move { $step } of { $total }
replay-public-only = The game is still running: the replay shows only what the table showed.
replay-seat-changes = Seats handed over
button-replay-back = ◀ 10 moves
button-replay-forward = 10 moves ▶
button-replay-game = Replay #{ $id }
button-history-newer = ◀ Newer
button-history-older = Older ▶
export-ready = Game #{ $id } as a file: its options, deal and moves, from which it replays exactly.
watch-started = You are watching game #{ $id }: its table comes to your DMs and follows every move. /game unwatch stops it.
watch-dm-closed = The bot cannot send you direct messages, so watching did not start. Allow messages from server members and try again.
watch-stopped = You no longer watch this game.
watch-dm-header = You are watching game #{ $id }: { $link }
watch-dm-ended = Game #{ $id } has ended; this is its last table and watching ends here. { $link }
seat-handed-over = { $name } is played by { $to } from now on (until now { $from }).
dm-seat-handed = You now play { $name }: { $link }. Your hand and choices are below.

# matrix (issue 21): the Matrix front end's texts.
matrix-command-join = !vliv join
matrix-command-start = !vliv start
matrix-command-hand = !vliv hand
matrix-command-leave = !vliv leave confirm
matrix-command-hint = { $label }: { $command }
matrix-answer-by-number = Answer here with the number of your choice.
matrix-dm-your-turn = Your turn in { $game }.
matrix-dm-your-hand = Your hand in { $game }.
matrix-help = Vliv hosts card games in this room. Commands:
    !vliv new GAME [key=value …] opens a lobby (games: claim, fantasy-realms, louis-xiv, ruse-and-bruise, ovlivneni),
    !vliv join takes a seat, !vliv ai [easy|normal|hard] seats an AI, !vliv start starts the game,
    !vliv play NUMBER makes a choice (or answer the menu in your direct messages with its number),
    !vliv hand sends your hand to your direct messages again, !vliv status posts the table again,
    !vliv leave leaves the game, !vliv settings shows the room's settings; moderators change them with
    !vliv settings language cs|en and !vliv settings games all|claim,… .
matrix-cannot-decrypt-yet = Vliv cannot read a message in this room yet: its encryption key has not reached Vliv. It will answer as soon as the key comes; if it does not, please send the command again.
matrix-not-moderator = Only the room's moderators and admins can change its settings.
matrix-err-game-disabled = { $game } is not enabled in this room.
matrix-not-in-direct-room = Games are played in rooms: in direct messages Vliv takes the numbers of its menus, !vliv hand, !vliv cards, !vliv rules, !vliv card, !vliv score and !vliv help.
matrix-started = The game has started: each player's hand is in their direct messages with Vliv.
matrix-confirm-abandon = Abandoning ends this game for everyone. To abandon it, send: !vliv abandon confirm
matrix-draw-offered = { $player } offers a draw. Everyone else: send !vliv draw to accept.
matrix-confirm-leave = Leaving a running game forfeits it; the AI takes your seat. To leave, send: !vliv leave confirm
# bare: n
matrix-no-such-number = There is no choice { $n }: answer with a number from 1 to { $max }.
matrix-hand-sent = Your hand is in your direct messages with Vliv.
matrix-unknown-setting = There is no setting “{ $words }”. Try !vliv settings language cs|en or !vliv settings games all|claim,… .
matrix-unknown-command = Vliv does not know the command “{ $word }”. Send !vliv help for the list.
matrix-failed = That did not go through completely: Vliv could not reach the homeserver or its database. Look at the table; trying again is safe (a move already made is not made twice).
matrix-unknown-level = The AI plays at easy, normal or hard: !vliv ai easy|normal|hard

# matrix2 (issue 21): concede, rematch, history and the pictures setting in Matrix rooms
matrix-help-endings = Also: !vliv concede ends your running game (you finish last), !vliv draw offers a draw (or accepts the one offered: everyone must agree), !vliv abandon ends the room's game for everyone (its host or a moderator, after confirming), !vliv rematch opens a new lobby like the room's last game, !vliv history [PAGE] lists the room's finished games, !vliv list lists your lobbies and running games in the room, !vliv log sends you the moves of the room's game so far (with your own private ones) in a direct message, !vliv cards sends you your hand's cards with what each does, !vliv hint sends you the AI's three best choices on your turn (a game with a hint is not rated), !vliv review [GAME] [SEAT] sends you a review of an ended game's decisions, !vliv substitute @player:server hands your seat to another player (moderators: !vliv substitute @player:server SEAT hands that seat).
conceded = You conceded: the game is over.
matrix-card-texts-sent = Your cards with what each does are in your direct messages with Vliv.
matrix-log-sent = The moves so far are in your direct messages with Vliv.
matrix-log-heading = Game #{ $id }, the moves so far:
matrix-list-lobby = #{ $id } { $game } (lobby)
matrix-list-running = #{ $id } { $game } (running)
matrix-substitute-usage = Name the player who takes the seat: !vliv substitute @player:server (moderators add the seat's number: !vliv substitute @player:server 2)
matrix-rematch-invite = { $host } would like a rematch of { $game }: { $players }, send !vliv join to play again.
# bare: next
matrix-history-older = Older games: !vliv history { $next }
matrix-command-rematch = !vliv rematch
matrix-room-settings = Room settings: language { $language }, time zone { $zone }, games { $games }, table pictures { $pictures ->
        [on] on
       *[off] off
    } (change with !vliv settings pictures on|off), hints { $hints ->
        [on] on
       *[off] off
    } (change with !vliv settings hints on|off). { $vacations }.

# matrix-finish (issue 21): instants in words, a player's time and vacations on Matrix
instant-now = just now
instant-in-minutes = { $n ->
    [one] in { $n } minute
   *[other] in { $n } minutes
}
instant-in-hours = { $n ->
    [one] in { $n } hour
   *[other] in { $n } hours
}
instant-in-days = { $n ->
    [one] in { $n } day
   *[other] in { $n } days
}
instant-minutes-ago = { $n ->
    [one] { $n } minute ago
   *[other] { $n } minutes ago
}
instant-hours-ago = { $n ->
    [one] { $n } hour ago
   *[other] { $n } hours ago
}
instant-days-ago = { $n ->
    [one] { $n } day ago
   *[other] { $n } days ago
}
matrix-help-time = Your settings: !vliv me shows your time zone, quiet hours and language, !vliv me timezone Europe/Prague sets your zone, !vliv me quiet 22-08 sets your quiet hours (!vliv me quiet off removes them), !vliv me language cs sets Czech for your direct messages (en: English; room: the room's language), !vliv vacation DAYS pauses your time to move in this room's games, !vliv back ends the vacation (moderators end another player's with !vliv back @player:server), !vliv prefs GAME shows your preferences for a game and !vliv prefs GAME key=value changes one. Moderators set the room's default zone with !vliv settings timezone Europe/Prague, the yearly vacation allowance with !vliv settings vacation-days 14, whether the time to move stops in quiet hours with !vliv settings sleeping-clocks on|off and whether players may ask for hints with !vliv settings hints on|off.
matrix-my-settings = Your time zone: { $zone }; quiet hours: { $quiet }; the language of your direct messages: { $lang }. Change them with !vliv me timezone Europe/Prague, !vliv me quiet 22-08 (or off) and !vliv me language cs (or en, or room for the room's language).
matrix-my-lang-cs = Czech
matrix-my-lang-en = English
matrix-my-lang-room = the room's language
matrix-my-zone-profile = { $zone } (from your Matrix profile)
matrix-unknown-zone = “{ $zone }” is not a time zone: write its name from the time zone database, e.g. Europe/Prague or America/New_York.
matrix-err-on-vacation = You are on vacation until { $time }; !vliv back ends it early.
matrix-unknown-me = There is no such setting. Try !vliv me timezone Europe/Prague, !vliv me quiet 22-08 or !vliv me language cs.
matrix-vacation-days = How many days of vacation? Send e.g. !vliv vacation 3.
matrix-prefs-usage = Which game? Write, for example, !vliv prefs ovlivneni (games with personal preferences: { $games }).
matrix-prefs-how = To change one: !vliv prefs { $game } key=value.
matrix-prefs-sent = Your preferences are in your direct messages with Vliv.
matrix-status-just-posted = The table was posted a moment ago: it is just above.

## Learning mode (a player's first game of a kind explains each choice)

learn-panel-heading = What each choice does
learn-why-heading = Why it came out this way
# The explanation of a scoring, kept with the game's latest events.
learn-why = { $why }
learn-setting-first = Learning mode: on in your first game of each kind.
learn-setting-on = Learning mode: on in every game.
learn-setting-off = Learning mode: off.

# Card texts: the lookup (/card, !vliv card, the console's ?) and the hand's card list.
card-line = { $name }: { $text }
card-unknown = { $game } has no card “{ $query }”: type its number or its Czech or English name.
console-card-hint = No card in this menu. Type ? and a card's number or name, e.g. ?1.
card-no-game = No game of that name: choose one from the list.
matrix-card-usage = Type !vliv card GAME CARD, e.g. !vliv card fantasy-realms Hydra (games: claim, fantasy-realms, louis-xiv, ruse-and-bruise, ovlivneni).
card-texts-button = Card texts
card-texts-title = { $game }: what your cards do
card-texts-none = No card in your hand.
err-hints-off-server = Hints are off on this server.
err-hints-off-lobby = Hints are off in this game: its lobby turned them off.
err-review-running = This game is still running: it can be reviewed once it has ended (a review now would tell the other players' cards).
err-review-which-seat = You did not play in this game: say which seat to review (seat 1, 2, …).
rating-unrated-hinted = Not rated: a player asked the AI for a hint.
history-hinted = a hint was used, not rated
hint-title = Game #{ $id }: what the AI would choose here, from what you know (estimated chance to win):
hint-line = { $rank }. { $choice }: { $percent }%
hint-unrated = A game with a hint is not rated.
review-title = Review of game #{ $id }, { $player }: each decision judged only from what that player knew then.
review-turning-points = Turning points:
review-decisions = { $n ->
    [one] { $n } decision
   *[other] { $n } decisions
} (the estimated chance to win after the choice made, and after the AI's best choice):
review-decision = Move { $turn }: “{ $made }” { $percent }%; best: “{ $best }” { $best_percent }%
review-decision-best = Move { $turn }: “{ $made }” { $percent }% (the best choice)
review-queued = Other reviews are running: yours is in line and comes as soon as one of them ends.
review-file = The whole review is in the attached file.
matrix-hint-sent = The hint is in your direct messages with Vliv. A game with a hint is not rated.
matrix-review-sent = The review will be in your direct messages with Vliv in a moment.
matrix-review-queued = Other reviews are running: yours is in line and will be in your direct messages with Vliv as soon as one of them ends.

## The web table (a game's page in the browser)

web-title = { $game } — Vliv table
web-heading-decision = Your move
web-heading-hand = Only you see this
web-heading-table = Table
web-heading-log = What happened
web-heading-cards = Card texts
web-waiting = Nothing for you to decide now: the page updates when it is your turn.
web-spectating = You are watching: the page shows what everyone sees, and no player's cards.
web-private-mark = only you
# A player's seat name on the page, marked as the reader's own.
web-you-mark = { $name } (you)
web-someone = someone
web-live-lost = The connection was lost: check your network and try again.
web-activity-connecting = Connecting to Discord…
web-activity-refused = Discord did not confirm who you are. Close the activity and launch it again.
web-activity-no-channel = Launch the activity in a channel with a game.
web-activity-off = This bot does not offer its games as a Discord activity.
web-activity-wrong-channel = This activity was not launched in that channel. Close it and launch it again in the channel with the game.
web-widget-connecting = Asking Element who you are…
web-widget-refused = Your homeserver did not confirm who you are. Close the widget and open it again.
web-widget-no-game = There is no game in this room yet.
web-widget-off = This bot does not offer its games as a Matrix widget.
web-live-too-many-yours = You have too many pages of this table open, so this one does not update by itself. Close one of them and reload this one.
web-live-too-many = Too many pages are open right now, so this one does not update by itself. Reload it in a minute.
web-refused-title = This table cannot be opened
web-link-invalid = This link is not valid. Ask the bot for a new one (/game web on Discord, !vliv web on Matrix).
web-link-expired = This link has expired. Ask the bot for a new one (/game web on Discord, !vliv web on Matrix).
web-no-game = This game no longer exists.
web-failed = Something went wrong on the bot's side. Nothing was changed; try again in a moment.
web-bad-move = That move could not be read. Reload the page and choose again.
web-off = This bot does not serve a web table.
web-link-given = Your table for { $game } in the browser (this link is yours alone: do not share it, it shows your hand): { $url }
web-link-given-spectator = The table of { $game } in the browser (what everyone sees): { $url }
web-heading-records = The game is over
web-replay-link = Replay the game move by move
web-review-link = Review of the moves
web-leaderboard-link = Leaderboard
web-back-to-table = Back to the table
web-replay-steps = Moves of the replay
web-replay-first = Start
web-replay-back = 10 moves back
web-replay-previous = Previous move
web-replay-next = Next move
web-replay-forward = 10 moves on
web-replay-last = Last move
web-review-seats = Review another player's moves
web-review-preparing-title = Preparing the review of game #{ $id }
web-review-preparing = The review is being prepared: the AI goes through every decision of the game. It shows on this page by itself when it is ready.
web-review-queued = Other reviews are being prepared first; this one follows them. It shows on this page by itself when it is ready.
web-review-again = Load again
web-leaderboard-pages = Pages of the leaderboard
web-leaderboard-previous = Previous page
web-leaderboard-next = Next page
matrix-web-link-sent = Your link to the table in the browser is in your direct messages with Vliv.

## Records and tools in a room: replays, exports, ratings, rules and the calculator

matrix-help-records = Records and tools: !vliv watch sends you the table of the room's running game privately, kept current (!vliv unwatch stops it), !vliv replay GAME [MOVE] sends you a game of the room move by move (a running game only as its table showed it), !vliv export GAME sends you an ended game as a file, !vliv leaderboard GAME [PAGE] shows the room's best players of a game, !vliv stats [@player:server] [GAME] shows a player's games, wins and ratings in the room, !vliv rules GAME sums up a game's rules, !vliv card GAME CARD tells what a card does, !vliv score CARD, CARD, … scores a hand of physical Fantasy Realms cards.
matrix-help-room = In this room one may play { $games }; hints { $hints ->
        [on] are allowed
       *[off] are not allowed
    }.
matrix-stats-title = Statistics in this room
matrix-invite-declined-inviter = Vliv already plays in { $rooms ->
    [one] one room
   *[other] { $rooms } rooms
} you invited it to, the most one person may invite it to.
matrix-invite-declined-full = Vliv is in as many rooms as it may be in, so it cannot join another now.
matrix-watch-started = You are watching game #{ $id }: its table comes to your direct room with the bot and follows every move. !vliv unwatch stops it.
matrix-watch-unreached = The table cannot reach your direct room with the bot, so watching did not start. Try again in a while.
matrix-stats-none = { $player } has not finished a game in this room yet.
matrix-leaderboard-empty = Nobody has a rating in { $game } in this room yet: only games people play to the end are rated.
matrix-rules-usage = Name the game: !vliv rules GAME, e.g. !vliv rules claim (games: claim, fantasy-realms, louis-xiv, ruse-and-bruise, ovlivneni).
matrix-score-usage = Name the hand's cards by number or name, separated by commas: !vliv score 1, Great Flood, 15, … (7 cards, 8 with the Necromancer; !vliv score chaotic … for Chaotic Realms).
matrix-leaderboard-usage = Name the game: !vliv leaderboard GAME [PAGE], e.g. !vliv leaderboard claim.
# bare: next
matrix-leaderboard-next = Next page: !vliv leaderboard { $game } { $next }
matrix-replay-usage = Name the game's number (see !vliv history): !vliv replay GAME [MOVE], e.g. !vliv replay 12.
# bare: id, next, total
matrix-replay-next = Next move: !vliv replay { $id } { $next } (moves 0–{ $total })
matrix-replay-sent = The replay is in your direct messages with Vliv.
matrix-export-usage = Name the ended game's number (see !vliv history): !vliv export GAME.
matrix-export-sent = The game's file is in your direct messages with Vliv.
# bare: id
matrix-export-too-long = Game #{ $id } is too long to send as a message.
