import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ShopError, unwrap } from '../../client/graphql/errors';
import { getReviewAuthor, submitProductReview } from './reviews.graphql';
import { useRouterState } from '../../client/router/context';
import { useSession } from '../../client/stores/StoresProvider';
import { reviewFormTexts as T } from './review-form.texts';
import { reviewProblems } from './review-rules';
import { type Form, useForm } from '../../client/components/form/use-form';

type ReviewField = 'rating' | 'title' | 'text';
type Values = Record<ReviewField, string>;

/** Backend error codes of submitProductReview that belong to a field. */
const FIELD_OF_CODE: Record<string, ReviewField> = {
  INVALID_REVIEW_RATING_ERROR: 'rating',
  INVALID_REVIEW_TITLE_ERROR: 'title',
  INVALID_REVIEW_TEXT_ERROR: 'text',
};

/**
 * The review form's state: who is writing (asked in the browser: the product page is cached for
 * everybody), the values (a customer's earlier review fills them), the submit with the backend's
 * field errors on their fields, and the outcome (pending moderation or published).
 */
export function useReviewForm(productId: string) {
  const [author, setAuthor] = useState<'checking' | 'guest' | 'customer' | 'error'>('checking');
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<'pending' | 'published' | null>(null);
  const [check, setCheck] = useState(0);
  const id = useId();
  const form: Form<Values, ReviewField, string> = useForm<Values, ReviewField>({
    initial: { rating: '', title: '', text: '' },
    // the rating's focus goes to the chosen star, or the first
    fieldId: (field, values) => (field === 'rating' ? `${id}-rating-${values.rating || 1}` : `${id}-${field}`),
    clearOnEdit: true,
  });
  const { values, setValues, setMessage, report } = form;
  // Who is writing is asked again when the session changes (login through the login modal) and
  // after a navigation (the session may have changed meanwhile).
  const { navigationId } = useRouterState();
  const sessionCustomer = useSession((s) => s.customer?.id ?? null);
  // The page's one request queue: never racing the cart's first request for the session cookie.
  const request = useSession((s) => s.request);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    request(getReviewAuthor, { productId })
      .then(({ activeCustomer, myProductReview }) => {
        if (!live) return;
        if (!activeCustomer) return setAuthor('guest');
        setAuthor('customer');
        if (myProductReview) {
          setEditing(true);
          setValues({ rating: String(myProductReview.rating), title: myProductReview.title ?? '', text: myProductReview.text });
        }
      })
      .catch((error: unknown) => {
        console.error('Review author check failed', error);
        if (live) setAuthor('error');
      });
    return () => {
      live = false;
    };
  }, [productId, check, navigationId, sessionCustomer, request, setValues]);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  /** A refused submit: a field's error on its field, anything else as the form's message. */
  const refused = async (error: unknown) => {
    if (error instanceof ShopError) {
      const field = FIELD_OF_CODE[error.errorCode];
      if (field) return void report({ [field]: error.message });
      return setMessage(
        error.errorCode === 'REVIEW_RATE_LIMIT_ERROR'
          ? T.errors.rateLimited
          : error.errorCode === 'REVIEW_PRODUCT_NOT_FOUND_ERROR'
            ? T.errors.notFound
            : T.errors.failed,
      );
    }
    // FORBIDDEN comes as a GraphQL error: the session ended since the form opened.
    console.error('Review submit failed', error);
    const who = await request(getReviewAuthor, { productId }).catch(() => null);
    if (who && !who.activeCustomer) {
      setAuthor('guest');
      setMessage(T.errors.loggedOut);
    } else setMessage(T.errors.failed);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    setMessage(null);
    if (report(reviewProblems(values))) return;
    // a refusal is handled once the form is no longer busy (it may ask who is writing again)
    const failures: unknown[] = [];
    await form.submit(async () => {
      try {
        const { submitProductReview: result } = await request(submitProductReview, {
          input: { productId, rating: Number(values.rating), title: values.title.trim() || null, text: values.text },
        });
        setDone(unwrap(result).state === 'APPROVED' ? 'published' : 'pending');
      } catch (error) {
        failures.push(error);
      }
    });
    if (failures.length) await refused(failures[0]);
  };

  return { id, form, author, editing, done, doneRef, retry: () => setCheck((n) => n + 1), onSubmit };
}
