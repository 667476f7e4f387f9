"""The byte-board helpers of games/grid/bitboard.py (used by the Domineering and Clobber solvers), against
straightforward computations on Grid objects: the grid's own symmetry permutations (Grid.permuted,
games/grid/board.py), cropping by scanning cells, and connected regions by breadth-first search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.games.grid import bitboard as bits
from cgt.games.grid.board import FLIP, TRANSPOSING, Grid, Symmetry


def grids(max_rows=7, max_cols=7):
    """Random 0/1 grids (1 = a cell of the region) with at least one 1."""
    return st.tuples(st.integers(1, max_rows), st.integers(1, max_cols)).flatmap(
        lambda s: st.lists(st.integers(0, 1), min_size=s[0] * s[1], max_size=s[0] * s[1])
        .filter(any).map(lambda cells: Grid(s[0], s[1], bytes(cells))))


def mask(grid: Grid) -> int:
    """The stride-8 mask of the 1 cells, cell by cell."""
    return sum(1 << (8 * r + c) for r in range(grid.row_count) for c in range(grid.col_count)
               if grid.cells[r * grid.col_count + c])


def cropped(grid: Grid) -> Grid:
    """The grid cut to the bounding box of its 1 cells, by scanning."""
    cells = [(r, c) for r in range(grid.row_count) for c in range(grid.col_count) if grid.cells[r * grid.col_count + c]]
    r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
    c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
    return grid.subgrid((r0, c0), (r1, c1))


@settings(max_examples=150)
@given(grids(), st.integers(0, 2), st.integers(0, 4))
def test_byte_offset_and_normalise_are_the_crop(grid, down, right):
    # Shift the region on a bigger board; the helpers must move it back to row 0, column 0.
    m = mask(grid) << (8 * down + right) if grid.col_count + right <= bits.BYTE_WIDTH else mask(grid)
    box = cropped(grid)
    t, w = bits.byte_normalise(m)
    shift, w2 = bits.byte_offset(m)
    assert t == mask(box) == m >> shift and w == w2 == box.col_count


@settings(max_examples=150)
@given(grids())
def test_byte_images_are_the_grid_symmetries(grid):
    box = cropped(grid)
    t, w = bits.byte_normalise(mask(grid))
    flips, transposes = bits.byte_images(t, w)
    as_masks = lambda images: {int.from_bytes(image, "little") for image in images}  # noqa: E731
    assert as_masks(flips) == {mask(box.permuted(s)) for s in FLIP}
    assert as_masks(transposes) == {mask(box.permuted(s)) for s in TRANSPOSING}
    assert all(len(image) == box.row_count for image in flips)
    assert all(len(image) == box.col_count for image in transposes)


@given(grids(max_rows=12, max_cols=3))
def test_tall_regions_have_no_transposed_images(grid):
    t, w = bits.byte_normalise(mask(grid))
    h = (t.bit_length() + 7) >> 3
    flips, transposes = bits.byte_images(t, w)
    assert (transposes == ()) == (h > bits.BYTE_WIDTH)
    assert {int.from_bytes(i, "little") for i in flips} == {mask(cropped(grid).permuted(s)) for s in FLIP}


def bfs_regions(grid: Grid, stride: int) -> list[int]:
    """The connected regions of the 1 cells (orthogonal neighbours) as masks of ``stride``, by breadth-first search."""
    cells = {(r, c) for r in range(grid.row_count) for c in range(grid.col_count) if grid.cells[r * grid.col_count + c]}
    regions = []
    while cells:
        frontier = [cells.pop()]
        region = set(frontier)
        while frontier:
            r, c = frontier.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if q in cells:
                    cells.remove(q)
                    region.add(q)
                    frontier.append(q)
        regions.append(sum(1 << (stride * r + c) for r, c in region))
    return sorted(regions)


@settings(max_examples=150)
@given(grids(max_rows=9))
def test_components_are_the_connected_regions(grid):
    assert sorted(bits.components(mask(grid), 8)) == bfs_regions(grid, 8)


@settings(max_examples=100)
@given(grids(max_rows=6, max_cols=12))
def test_components_at_any_stride(grid):
    # The generic solver and Cram use stride width + 1 (any width): the run-carry fill must stop at the
    # empty column there too.
    s = grid.col_count + 1
    m = bits.from_rows([sum(grid.cells[r * grid.col_count + c] << c for c in range(grid.col_count))
                        for r in range(grid.row_count)], grid.col_count)
    assert sorted(bits.components(m, s)) == bfs_regions(grid, s)


def test_byte_mask_of_grid():
    g = Grid.parse("..#|#..", ".#")
    assert bits.byte_mask_of_grid(g) == 0b011 | 0b110 << 8
    assert bits.byte_mask_of_grid(g, 1) == 0b100 | 0b001 << 8
    assert bits.byte_mask_of_grid(g.permuted(Symmetry.Transpose)) == 0b01 | 0b11 << 8 | 0b10 << 16
