import { createContext } from 'react';
import type { FormOpener } from './form-opener';

export const FormOpenerContext = createContext<FormOpener | null>(null);
