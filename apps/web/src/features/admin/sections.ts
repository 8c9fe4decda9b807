/**
 * The staff and founder sections of the app, with the role each needs. The admin home, the
 * section navigation and the header's "Staff" entry read this one list.
 */
import type { AdminRole } from '../../components/require-role';
import type { MessageKey } from '../../i18n';

export interface AdminSection {
  href:
    | '/admin/support'
    | '/admin/moderation'
    | '/admin/demand'
    | '/admin/incidents'
    | '/admin/beta'
    | '/admin/phase'
    | '/admin/cohorts'
    | '/admin/sessions'
    | '/admin/learning';
  label: MessageKey;
  blurb: MessageKey;
  role: AdminRole;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { href: '/admin/support', label: 'admin.section.support', blurb: 'admin.blurb.support', role: 'staff' },
  {
    href: '/admin/moderation',
    label: 'admin.section.moderation',
    blurb: 'admin.blurb.moderation',
    role: 'staff',
  },
  { href: '/admin/demand', label: 'admin.section.demand', blurb: 'admin.blurb.demand', role: 'staff' },
  {
    href: '/admin/incidents',
    label: 'admin.section.incidents',
    blurb: 'admin.blurb.incidents',
    role: 'staff',
  },
  { href: '/admin/beta', label: 'admin.section.beta', blurb: 'admin.blurb.beta', role: 'staff' },
  { href: '/admin/phase', label: 'admin.section.phase', blurb: 'admin.blurb.phase', role: 'founder' },
  { href: '/admin/cohorts', label: 'admin.section.cohorts', blurb: 'admin.blurb.cohorts', role: 'founder' },
  {
    href: '/admin/sessions',
    label: 'admin.section.sessions',
    blurb: 'admin.blurb.sessions',
    role: 'founder',
  },
  {
    href: '/admin/learning',
    label: 'admin.section.learning',
    blurb: 'admin.blurb.learning',
    role: 'founder',
  },
];

export function sectionsFor(roles: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => roles.includes(section.role));
}
