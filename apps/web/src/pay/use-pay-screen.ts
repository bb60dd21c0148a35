import type { PayResponse, ShopperScan } from '@scanline/contracts';
import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import { useCallback, useEffect, useState } from 'react';
import type { PublicApiError } from '../lib/public-config';
import { openScan, readScan } from './api';
import { declinedText, requestFailure, type Screen } from './pay-screen';

/**
 * The shopper page's screens: opens the code, reads the scan while the provider works, and
 * turns each answer (`onAnswer`) or failed request (`onError`) into the next screen.
 */
export function usePayScreen(token: string) {
  const [scan, setScan] = useState<ShopperScan | null>(null);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  // Each decline draws a fresh card form: the declined number is not kept.
  const [declines, setDeclines] = useState(0);

  useEffect(() => {
    if (!token) {
      setScreen({ kind: 'error', title: 'error.noCode.title', message: 'error.noCode.message' });
      return;
    }
    openScan(token).then(
      (s) => {
        setScan(s);
        const status = s.transaction.status;
        if (status === 'pending')
          setScreen({ kind: 'form', failure: declinedText(s.transaction.last_payment_error) });
        else if (status === 'requires_action') setScreen({ kind: 'authenticate' });
        else if (status === 'processing') setScreen({ kind: 'processing' });
        else setScreen({ kind: 'closed', status });
      },
      (e: PublicApiError) =>
        setScreen(
          e.status === 404
            ? { kind: 'error', title: 'error.unknown.title', message: 'error.unknown.message' }
            : e.status === 429
              ? { kind: 'error', title: 'error.tooMany.title', message: 'error.tooMany.message' }
              : { kind: 'error', title: 'error.generic.title', message: 'error.generic.message' },
        ),
    );
  }, [token]);

  // While the provider works (or Stripe's webhook is on its way), read the scan's status.
  useEffect(() => {
    if (screen.kind !== 'processing' || !scan) return;
    const timer = setInterval(() => {
      readScan(scan.id).then(
        (s) => {
          const status = s.transaction.status;
          if (isFinalTransactionStatus(status))
            setScreen({ kind: 'done', status, receiptUrl: s.transaction.receipt_url });
          else if (status === 'requires_action') setScreen({ kind: 'authenticate' });
          else if (status === 'pending')
            setScreen({ kind: 'form', failure: declinedText(s.transaction.last_payment_error) });
        },
        () => {},
      );
    }, 1500);
    return () => clearInterval(timer);
  }, [screen.kind, scan]);

  const onAnswer = useCallback((answer: PayResponse) => {
    if (answer.status === 'succeeded')
      setScreen({ kind: 'done', status: 'succeeded', receiptUrl: answer.receipt_url });
    else if (answer.status === 'requires_action')
      setScreen({ kind: 'authenticate', confirmUrl: answer.next_action?.confirm_url });
    else if (answer.status === 'processing') setScreen({ kind: 'processing' });
    // Declined, but the same code takes another card.
    else if (answer.status === 'pending') {
      setDeclines((n) => n + 1);
      setScreen({ kind: 'form', failure: declinedText(answer.last_payment_error) });
    } else
      setScreen({
        kind: 'done',
        status: 'failed',
        reason: declinedText({ code: answer.failure_code ?? null }),
      });
  }, []);

  const onError = useCallback(
    (e: unknown) => {
      const err = e as PublicApiError;
      // The transaction moved on under us (expired, canceled, paid elsewhere): say which.
      if (err.status === 409 && scan) {
        readScan(scan.id).then(
          (s) => {
            const status = s.transaction.status;
            if (status === 'processing') setScreen({ kind: 'processing' });
            else if (status === 'requires_action') setScreen({ kind: 'authenticate' });
            else if (status === 'pending') setScreen({ kind: 'form', failure: 'error.conflict' });
            else setScreen({ kind: 'closed', status });
          },
          () => setScreen({ kind: 'form', failure: 'error.conflict' }),
        );
        return;
      }
      setScreen({ kind: 'form', failure: requestFailure(err) });
    },
    [scan],
  );

  return { scan, screen, setScreen, declines, onAnswer, onError };
}
