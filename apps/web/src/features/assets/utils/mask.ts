/** What every figure becomes while the show-asset setting is off (spec section 3). */
export const MASKED_FIGURE = '****';

/** The figure as formatted, or the mask when assets are hidden. */
export function maskFigure(text: string, showAsset: boolean): string {
  return showAsset ? text : MASKED_FIGURE;
}
