import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react';
import { useFocusFirstInvalid } from './focus-first-invalid';

/** The errors of a form's fields, by field (a field without one: valid). */
type FormErrors<K extends string> = Partial<Record<K, string | undefined>>;

interface SubmitState<M> {
  /** A submit is in flight (the submit button shows it and is disabled). */
  busy: boolean;
  /** The form-level message of the last failed submit. */
  message: M | null;
  setMessage: Dispatch<SetStateAction<M | null>>;
  /**
   * Runs `task` unless one is in flight (a double click, Enter twice: the ref flips synchronously,
   * before React re-renders the disabled button). A throw becomes the form's message; the values
   * stay as typed. Resolves `true` when the task finished.
   */
  submit(task: () => Promise<void>): Promise<boolean>;
}

/** Busy state and form-level message of one form's submits; `messageOf` turns what a submit threw into the message. */
export function useSubmitState<M>(messageOf: (error: unknown) => M, initialMessage: M | null = null): SubmitState<M> {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<M | null>(initialMessage);
  const toMessage = useRef(messageOf);
  toMessage.current = messageOf;
  const submit = useCallback(async (task: () => Promise<void>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setMessage(null);
    try {
      await task();
      return true;
    } catch (error) {
      setMessage(toMessage.current(error));
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, message, setMessage, submit };
}

interface FormOptions<V extends object, K extends string, M> {
  initial: V | (() => V);
  /** The field checks of a submit, in the fields' order (the first invalid one takes the focus). */
  rules?: (values: V) => FormErrors<K>;
  /** The id of a field's control (default: the field's name); `values`: the current ones. */
  fieldId?: (field: K, values: V) => string;
  /** Editing a field clears its error. */
  clearOnEdit?: boolean;
  /** The form-level message for what a submit threw (default: none). */
  messageOf?: (error: unknown) => M;
  /** The form-level message shown before any submit (a bad link). */
  initialMessage?: M | null;
}

export interface Form<V extends object, K extends string, M> extends SubmitState<M> {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  /** The callback that sets one field. */
  set<F extends keyof V>(field: F): (value: V[F]) => void;
  errors: FormErrors<K>;
  setErrors: Dispatch<SetStateAction<FormErrors<K>>>;
  /**
   * Shows `problems` (the client's or the server's) as the fields' errors and, when there are any,
   * moves focus to the first one in the commit that renders them. Returns `true` when there were any.
   */
  report(problems: FormErrors<K>): boolean;
  /** `report` of the `rules` on the current values: `true` when the form is valid. */
  validate(): boolean;
  /** What the kit's `Field`/`TextArea` take of a field: id, value, its callback and its error (`aria-invalid`, `aria-describedby`). */
  field<F extends keyof V & K>(name: F): { id: string; value: V[F]; onValue(value: V[F]): void; error: string | undefined };
}

const noMessage = (): null => null;

/**
 * One form's state (spec: the shop's forms): values kept as typed through any failed submit,
 * errors tied to their fields, focus on the first invalid field, and the submit's busy state and
 * form-level message (`useSubmitState`).
 */
export function useForm<V extends object, K extends string = keyof V & string, M = string>(options: FormOptions<V, K, M>): Form<V, K, M> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const focusFirstInvalid = useFocusFirstInvalid();
  const state = useSubmitState<M | null>(options.messageOf ?? noMessage, options.initialMessage);
  const fieldId = (field: K) => (options.fieldId ? options.fieldId(field, values) : field);

  const set =
    <F extends keyof V>(field: F) =>
    (value: V[F]) => {
      setValues((v) => ({ ...v, [field]: value }));
      if (options.clearOnEdit && errors[field as unknown as K]) setErrors((e) => ({ ...e, [field]: undefined }));
    };
  const report = (problems: FormErrors<K>) => {
    setErrors(problems);
    const invalid = (Object.keys(problems) as K[]).filter((k) => problems[k]);
    if (invalid.length) focusFirstInvalid(invalid.map(fieldId));
    return invalid.length > 0;
  };

  return {
    ...(state as SubmitState<M>),
    values,
    setValues,
    set,
    errors,
    setErrors,
    report,
    validate: () => !report(options.rules ? options.rules(values) : {}),
    field: (name) => ({ id: fieldId(name), value: values[name], onValue: set(name), error: errors[name] }),
  };
}
