import { useTranslation } from 'react-i18next';

/** The two documents kept in the `legal` namespace (src/custom/legal/locales/{lng}.json). */
export type LegalDocument = 'terms' | 'privacy';

export interface LegalTexts {
  /** False only while the namespace loads when the app turns Suspense off. */
  ready: boolean;
  text: (key: string) => string;
  /** A section body: an array of paragraphs in the JSON, or a single string. */
  paragraphs: (key: string) => string[];
}

/** Typed access to the `legal` namespace, loaded on demand by the i18n backend. */
export function useLegalNamespace(): LegalTexts {
  const { t, ready } = useTranslation('legal');

  const text = (key: string): string => t(key);

  const paragraphs = (key: string): string[] => {
    const value: unknown = t(key, { returnObjects: true });
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
    return typeof value === 'string' ? [value] : [];
  };

  return { ready, text, paragraphs };
}
