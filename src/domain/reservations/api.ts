/** The reservation area's API paths, shared by the server routes and the screens. */
export const RESERVATION_API = {
  list: '/api/Club/venues/:venueId/reservations',
  one: '/api/Club/venues/:venueId/reservations/:id',
  status: '/api/Club/venues/:venueId/reservations/:id/status',
  availability: '/api/Club/venues/:venueId/availability',
  tableStates: '/api/Club/venues/:venueId/table-states',
  upcomingByTable: '/api/Club/venues/:venueId/upcoming-by-table',
  /** The seating area's saved layout (read by the floor plan in view mode). */
  layout: '/api/Club/venues/:venueId/layout',
} as const;

/** The live resource name whose open lists refresh after every reservation write. */
export const RESERVATIONS_RESOURCE = 'reservations';
