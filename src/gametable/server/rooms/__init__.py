"""The rooms of the table service: one concern each, around the core (gametable.server.core).

Each room holds the core and uses its hot tables and its commit path; the core never uses a
room (it calls only the hooks the service sets: gametable.server.tables assembles them).
The API routers call the room they need.

- seating: creating a table, joining, adopting a seat, handing a seat to a bot and taking it back
- moves: a person's action or undo, checked and handed to the commit path
- timeouts: a clock that ran out (the bot plays that one action)
- watching: the sockets of a table, presence, spectators, a seat's view
- chat: the table's messages
- push_subscriptions: the browsers that want "your turn" (sending is gametable.server.push)
- replay: the public log and any position of a game
- pruning: idle tables leaving memory, and tables past retention leaving the store
- lease_keeping: several processes, each table served by the one holding its lease
- other_processes: catching up with what other processes committed
- resuming: bringing the unfinished tables back after a start
"""
