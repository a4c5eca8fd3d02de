import { useId, type Dispatch } from 'react';
import {
  amountFieldText,
  type EditorAction,
  type EditorProblems,
  type SplitEditorState,
} from '../model/editor-state';

/** Tip (a percentage of the items) and service charge (pounds), each checked at its field. */
export function ExtrasSection({
  state,
  dispatch,
  problems,
}: {
  state: SplitEditorState;
  dispatch: Dispatch<EditorAction>;
  problems: EditorProblems;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-extras`}>
      <h2 id={`${id}-extras`} className="sr-only">
        Tip and service charge
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          id={`${id}-tip`}
          label="Tip (%)"
          suffix="%"
          value={state.tipText ?? String(state.tipPercent)}
          onChange={(value) => dispatch({ type: 'setTipPercent', value })}
          inputMode="decimal"
          problem={problems.tip}
        />
        <NumberField
          id={`${id}-service`}
          label="Service Charge"
          prefix="£"
          value={amountFieldText(state.serviceChargeText, state.serviceChargePence)}
          onChange={(value) => dispatch({ type: 'setServiceCharge', value })}
          inputMode="decimal"
          problem={problems.serviceCharge}
        />
      </div>
    </section>
  );
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode: 'decimal';
  prefix?: string;
  suffix?: string;
  problem: string | null;
}

function NumberField({
  id,
  label,
  value,
  onChange,
  inputMode,
  prefix,
  suffix,
  problem,
}: NumberFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        {prefix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-muted"
          >
            {prefix}
          </span>
        )}
        <input
          id={id}
          // Text, not a number field: a number field empties what it cannot read ('12abc'), where
          // this keeps it and the bill rules say why at the field.
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={`tabular min-h-12 w-full rounded-2xl border bg-white text-base font-semibold ${prefix ? 'pl-7' : 'pl-4'} ${suffix ? 'pr-9' : 'pr-4'} ${problem ? 'border-danger' : 'border-gray-500'}`}
        />
        {suffix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-4 flex items-center font-semibold text-muted"
          >
            {suffix}
          </span>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
