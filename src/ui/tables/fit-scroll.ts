/**
 * The sideways scroll of every hand-written antd table. The table takes its card's width and its
 * cells wrap, so from 1280px on every column is in view; only where even wrapped columns cannot fit
 * (a phone, once the secondary columns have dropped through `responsive`) does it scroll inside the
 * card. `max-content` keeps each cell on one line and a fixed minimum (`x: 760`) outgrows the card
 * beside an open sidebar: both pushed the last columns out of view at desktop widths. An `ellipsis`
 * column would switch the table to fixed layout, squeezing every column alike: let long text wrap.
 */
export const FIT_SCROLL = { x: true } as const;
