/** The founder screens the route files show; the web fetches their code only when one opens. */
import type { ComponentType } from 'react';

export interface FounderScreensModule {
  BetaDashboardScreen: ComponentType;
  IncidentsScreen: ComponentType;
  IncidentScreen: ComponentType;
}
