"""Board strings shared by the ruleset benchmarks."""


def empty_board(rows: int, cols: int) -> str:
    """An empty ``rows`` x ``cols`` board in CGSuite's grid notation (rows separated by ``|``)."""
    return "|".join(["." * cols] * rows)
