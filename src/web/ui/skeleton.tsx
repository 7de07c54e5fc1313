import './components.css';

/**
 * Grey bars where content is coming. Hidden from assistive technology: the region that waits says so
 * itself (aria-busy and its own words), so a screen reader hears one "Loading", not one per bar.
 */
export function Skeleton({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={`skeleton${className ? ` ${className}` : ''}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton-line" />
      ))}
    </div>
  );
}
