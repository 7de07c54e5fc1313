import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** false on the server and while hydrating, true afterwards: for parts that exist only on the client. */
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);
