// The shell's parts only a signed-in person sees: the bell, My Account's items, the employer's workspace
// navigation and the seeker's bottom navigation on phones (decision 0301). A chunk of their own, loaded
// before hydration only on a signed-in page, so a visitor's first script does not carry them (decision 0259).
export { AccountLinks } from './account-links';
export { EmployerNav } from './employer-nav';
export { NotificationBell } from './notification-bell';
export { SeekerBottomNav } from './seeker-bottom-nav';
