/** /admin/incidents/[id]: one incident, its timeline and actions (staff and founders). */
export { IncidentScreen as default } from '../../../src/features/founder/screens';
