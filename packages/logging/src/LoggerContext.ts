import { createContext } from 'react';
import type { Logger } from './types';

export const LoggerContext = createContext<Logger | null>(null);
