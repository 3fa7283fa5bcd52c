import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A page's way back, above its title: the arrow is drawn, not read, so a screen reader names the
 * link by where it leads ("Torna alla home"), not "left arrow …".
 */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="tap-height gap-1 self-start text-sm font-medium text-teal-800 underline">
      {/* A flex item ends its own line, so its space collapses on screen: the gap draws it. */}
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
