/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated origins allowed to embed the app and receive its login status (see app/embed.ts). */
  readonly VITE_EMBED_PARENT_ORIGINS?: string;
  /** Footer business details (see app/business.ts); a detail left unset is not shown. */
  readonly VITE_BUSINESS_NAME?: string;
  readonly VITE_BUSINESS_REPRESENTATIVE?: string;
  readonly VITE_BUSINESS_REGISTRATION_NUMBER?: string;
  readonly VITE_BUSINESS_MAIL_ORDER_NUMBER?: string;
  readonly VITE_BUSINESS_ADDRESS?: string;
  readonly VITE_BUSINESS_PHONE?: string;
  readonly VITE_BUSINESS_EMAIL?: string;
  readonly VITE_BUSINESS_HOURS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
