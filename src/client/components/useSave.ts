// A form's save: busy while it runs, the server's German reason kept to show when it refuses.

import { useState } from 'react';
import { errorMessage } from '../lib/api';

export function useSave() {
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<string | undefined>();
  /** Runs the save; a refusal is kept in `refused`, a success clears it. */
  const run = async (save: () => Promise<void>) => {
    setSaving(true);
    try {
      await save();
      setRefused(undefined);
    } catch (error) {
      setRefused(errorMessage(error));
    }
    setSaving(false);
  };
  return { saving, refused, run };
}
