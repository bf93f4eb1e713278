"""The id and key bounds every edge shares, defined once.

Ids are 64-bit in the database and round numbers and cells 32-bit (a cell
signed): a larger number names nothing and must not reach a query (SQLite raises
OverflowError on it). An idempotency key is stored in a column of
``KEY_MAX_LENGTH`` characters.
"""

ID_MAX = 2**63 - 1
NUMBER_MAX = 2**31 - 1
# A cell's value: a module's field may be signed (a round's points), never past
# the 32-bit column.
CELL_MIN, CELL_MAX = -NUMBER_MAX, NUMBER_MAX
KEY_MAX_LENGTH = 100
# A seat's (a player's) name: the model, the actions, every form and checker.
NAME_MAX_LENGTH = 40
# A round's note, the log's short line ("Ben pays").
NOTE_MAX_LENGTH = 80
