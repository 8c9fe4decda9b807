/** /dashboard: the viewer's drafts, listings, saves, reservations, support and notifications. */
export { DashboardScreen as default } from '../src/features/dashboard/dashboard-screen';
