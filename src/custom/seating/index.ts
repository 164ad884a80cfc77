/** What other areas use of seating: the floor plan, read-only and lazy (it brings the canvas). */
import { lazy } from 'react';

export const FloorPlanView = lazy(() => import('./FloorPlanView'));
