// The admin pages, as My Account lists them for an admin (issue 44, decision 0298). No imports: the
// shell's signed-in chunk reads these.
export const ADMIN_LINKS = [
  { label: 'Moderation', href: '/admin/moderation' },
  { label: 'Reported messages', href: '/admin/message-reports' },
  { label: 'Background jobs', href: '/admin/queue' },
  { label: 'Analytics', href: '/admin/analytics' },
] as const;
