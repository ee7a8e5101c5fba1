import type { ReactNode } from "react";
import { Field, Input } from "@chakra-ui/react";
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";
import { WonInput } from "@common/WonInput";

/** The error message react-hook-form holds for `name` (nested names included). */
function errorOf<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: FieldPath<T>): string | undefined {
  const err = form.getFieldState(name, form.formState).error;
  return err?.message;
}

/**
 * A won amount in a FormDialog: the shared WonInput (digits only; a pasted `10.5` is refused, never read as 105)
 * under react-hook-form, its label and the schema's message.
 */
export function WonField<T extends FieldValues>(props: {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: ReactNode;
  testId: string;
  maxDigits?: number;
  tooLong?: string;
  placeholder?: string;
  errorTestId?: string;
  /** Shows the required mark beside the label. */
  requiredMark?: boolean;
}) {
  const { form, name } = props;
  const error = errorOf(form, name);
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>
        {props.label}
        {props.requiredMark && <Field.RequiredIndicator />}
      </Field.Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <WonInput
            value={String(field.value ?? "")}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            maxDigits={props.maxDigits ?? 15}
            tooLong={props.tooLong}
            placeholder={props.placeholder}
            testId={props.testId}
          />
        )}
      />
      <Field.ErrorText data-testid={props.errorTestId}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A proposal's or request's free-text reason (at most 200 characters) with the schema's message. */
export function ReasonField<T extends FieldValues>(props: {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: ReactNode;
  testId: string;
}) {
  const error = errorOf(props.form, props.name);
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>{props.label}</Field.Label>
      <Input {...props.form.register(props.name)} maxLength={200} data-testid={props.testId} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
