import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, type Dispatch } from 'react';
import { Button } from '../../../components/ui/button';
import {
  amountFieldText,
  type EditorAction,
  type EditorProblems,
  type SplitEditorState,
} from '../model/editor-state';

/**
 * Tip (a percentage of the items), service charge and tax added on top (pounds), each checked at
 * its field. The tax field shows once a receipt brings a tax added on top or the person adds one:
 * UK prices include VAT, so most bills never need it (DECISIONS.md Money).
 */
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
  const showTax = state.taxPence !== 0 || state.taxText !== undefined;
  // The 'Add tax' button goes once pressed: the field it brings takes the focus instead.
  const focusTax = useRef(false);
  useEffect(() => {
    if (focusTax.current && showTax) {
      focusTax.current = false;
      document.getElementById(`${id}-tax`)?.focus();
    }
  }, [id, showTax]);
  return (
    <section aria-labelledby={`${id}-extras`}>
      <h2 id={`${id}-extras`} className="sr-only">
        Tip, service charge and tax
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
        {showTax && (
          <NumberField
            id={`${id}-tax`}
            label="Tax"
            prefix="£"
            value={amountFieldText(state.taxText, state.taxPence)}
            onChange={(value) => dispatch({ type: 'setTax', value })}
            inputMode="decimal"
            problem={problems.tax}
            note="Added on top of the prices"
          />
        )}
      </div>
      {!showTax && (
        <Button
          variant="ghost"
          className="mt-2"
          onClick={() => {
            focusTax.current = true;
            dispatch({ type: 'setTax', value: '' });
          }}
        >
          <Plus aria-hidden className="size-4" />
          Add tax on top of prices
        </Button>
      )}
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
  /** a short line under the field saying what it is for */
  note?: string;
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
  note,
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
          aria-describedby={problem ? `${id}-problem` : note ? `${id}-note` : undefined}
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
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm text-danger">
          {problem}
        </p>
      ) : (
        note && (
          <p id={`${id}-note`} className="mt-1 text-sm text-muted">
            {note}
          </p>
        )
      )}
    </div>
  );
}
