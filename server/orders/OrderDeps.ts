import type { FieldCipher } from '../crypto/fieldCipher.ts';
import type { Lifecycle } from '../lifecycle/Lifecycle.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { ProductCatalogue } from '../products/ProductCatalogue.ts';

/** What the order functions need, as plain values (never the whole app). */
export interface OrderDeps {
  lifecycle: Lifecycle;
  catalogue(mandantId: string): ProductCatalogue | undefined;
  cipher: FieldCipher;
  mail: MailService;
  now(): Date;
}
