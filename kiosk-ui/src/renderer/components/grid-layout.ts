/** Tiles read best about twice as wide as they are tall: time, name, instructor and spots on a few lines. */
const idealAspect = 2;

/**
 * How many columns lay out `count` tiles in a `width` x `height` box so that they fill it: every
 * choice of columns is scored by how far its tiles are from the ideal shape, and by the cells it
 * leaves empty. 1 class: one tile; 4: 2 x 2 on a landscape screen, 1 x 4 on a portrait one; 12:
 * 4 x 3 landscape, 2 x 6 portrait.
 */
export function gridColumns(count: number, width: number, height: number, gap = 24): number {
  if (count <= 1 || width <= 0 || height <= 0) return 1;
  let best = { columns: 1, score: Infinity };
  for (let columns = 1; columns <= Math.min(count, 6); columns++) {
    const rows = Math.ceil(count / columns);
    const tileWidth = (width - gap * (columns - 1)) / columns;
    const tileHeight = (height - gap * (rows - 1)) / rows;
    if (tileWidth <= 0 || tileHeight <= 0) continue;
    const shape = Math.abs(Math.log(tileWidth / tileHeight / idealAspect));
    const empty = (rows * columns - count) / (rows * columns);
    const score = shape + empty;
    if (score < best.score) best = { columns, score };
  }
  return best.columns;
}
