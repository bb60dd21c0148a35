import { type MultiFactorInfo, multiFactor } from 'firebase/auth';
import { useCallback, useEffect, useState } from 'react';
import { authErrorMessage } from '../../auth/errors';
import { auth } from '../../auth/firebase';

/** The current user's second-step factors, read fresh from the server; `load` reads them again. */
export function useEnrolledFactors() {
  const [factors, setFactors] = useState<MultiFactorInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const current = auth().currentUser;
    if (!current) return;
    setLoadError(null);
    try {
      // enrolledFactors is filled from accounts:lookup: reload for the current list.
      await current.reload();
      setFactors([...multiFactor(current).enrolledFactors]);
    } catch (error) {
      setLoadError(authErrorMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { factors, loadError, load };
}
