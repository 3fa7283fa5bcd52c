import type { HTMLAttributes, ReactNode, Ref } from 'react';

export function Card({
  title,
  children,
  className = '',
  ref,
  ...props
}: HTMLAttributes<HTMLElement> & { title?: ReactNode; ref?: Ref<HTMLElement> }) {
  return (
    <section
      ref={ref}
      className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 ${className}`}
      {...props}
    >
      {title && <h2 className="mb-3 text-lg font-semibold text-stone-900">{title}</h2>}
      {children}
    </section>
  );
}
