/** What a select is given, and what both platforms' select module provides. */
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  value: string;
  options: ReadonlyArray<SelectOption>;
  onChange: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder: string;
  /** The close button of the options sheet (native). */
  closeLabel: string;
  help?: string;
  error?: string | null;
  testID?: string;
}

export interface SelectModule {
  Select: (props: SelectProps) => ReactNode;
}
