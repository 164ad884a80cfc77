/** The seating area's API paths, shared by the server routes and the screens. */
export const SEATING_API = {
  /** GET the venue's floor plan (version 0 and the default plan while none is saved); PUT saves it. */
  layout: '/api/Club/venues/:venueId/layout',
} as const;

/** The live resource an open floor plan listens on: one event per saved layout (id = venue id). */
export const VENUE_LAYOUTS_RESOURCE = 'venueLayouts';
