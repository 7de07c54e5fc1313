export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'plain' | 'danger';

/**
 * The class contract of `Button` and `LinkButton`, with no stylesheet behind it. `.button`, its
 * primary, secondary, outline, plain, danger and large looks and its disabled state live in styles/base.css,
 * which every page loads; so a control on a page that may load nothing new (the landing page's
 * search bar, registration flow and recent searches, decision 0321) takes its classes from here
 * and looks the same as a `Button`.
 */
export function buttonClass(variant: ButtonVariant, large = false, extra?: string): string {
  return ['button', `button-${variant}`, large ? 'button-large' : '', extra ?? ''].filter(Boolean).join(' ');
}
