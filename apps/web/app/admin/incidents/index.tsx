/** /admin/incidents: incidents with filters (staff and founders; others see "not allowed"). */
export { IncidentsScreen as default } from '../../../src/features/founder/screens';
