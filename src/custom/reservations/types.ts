/** The reservation area's answers as the screens read them (the server's response schemas). */
import type { ReservationStatus, TableState } from '../../domain/reservations/reservation';

export interface Reservation {
  id: string;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  partySize: number;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  notes: string;
  status: ReservationStatus;
  code: string;
  tableIds: string[];
}

export interface Span {
  start: string;
  end: string;
}

export interface Availability {
  day: string;
  timeZone: string;
  night: Span | null;
  window: Span;
  hasFloorPlan: boolean;
  tables: { id: string; name: string; places: number; isAvailable: boolean; free: Span[] }[];
  suggestion: { tableIds: string[]; places: number; reason: string } | null;
}

export interface TableStateRow {
  id: string;
  tableId: string;
  state: TableState;
  reservationId: string | null;
  guestName: string | null;
}
