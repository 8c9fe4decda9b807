/** The founder screens on iOS and Android, bundled with the app (screens.web.tsx loads them lazily). */
import { BetaDashboardScreen as Dashboard } from './beta-screen';
import { IncidentScreen as Incident } from './incident-screen';
import { IncidentsScreen as Incidents } from './incidents-screen';
import type { FounderScreensModule } from './screens.types';

export const BetaDashboardScreen = Dashboard satisfies FounderScreensModule['BetaDashboardScreen'];
export const IncidentsScreen = Incidents satisfies FounderScreensModule['IncidentsScreen'];
export const IncidentScreen = Incident satisfies FounderScreensModule['IncidentScreen'];
