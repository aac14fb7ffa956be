import { runMain } from '@syn/kit';
import { billingService } from './service';

runMain(billingService);
