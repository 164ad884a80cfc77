/** What other areas use of availability (the open hours and slots of a business). */
export { useOpenIntervals } from './availability-api';
