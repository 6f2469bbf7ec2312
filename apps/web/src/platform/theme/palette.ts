/** The brand and the market colours: plain values, read by the theme and by the build. */
export const BRAND = '#F0B90B';
export const UP = '#0ECB81';
export const DOWN = '#F6465D';
