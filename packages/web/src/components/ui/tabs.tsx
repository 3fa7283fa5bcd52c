import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  testId?: string;
  /** Called when the pointer or focus reaches the tab: a chance to preload what it shows. */
  onIntent?: () => void;
}

const tabClass =
  'flex-1 rounded-lg px-3 py-3 text-sm font-semibold text-stone-700 aria-selected:bg-white aria-selected:text-teal-900 aria-selected:shadow focus-visible:outline-3 focus-visible:outline-teal-600';

/**
 * Tabs as WAI-ARIA describes them (tablist, tab, tabpanel; arrows, Home and End move and
 * select; only the selected tab is in the Tab order). Written here, not taken from Radix: the
 * sign-in page is the first a visitor loads, and Radix Tabs with its roving focus and
 * collection weighs ten times this (ADR 0019). Only the selected panel is rendered.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onChange,
  className = '',
  children,
}: {
  label: string;
  items: TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const item = items[(index + items.length) % items.length]!;
    onChange(item.value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${item.value}`)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = items.findIndex((item) => item.value === value);
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: items.length - 1 }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={`flex gap-1 rounded-xl p-1 ${className}`}
      >
        {items.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={`${id}-tab-${item.value}`}
            aria-selected={item.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={item.value === value ? 0 : -1}
            data-testid={item.testId}
            onClick={() => onChange(item.value)}
            onPointerEnter={item.onIntent}
            onFocus={item.onIntent}
            className={tabClass}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="mt-4">
        {children}
      </div>
    </div>
  );
}
