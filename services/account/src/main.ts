import { runMain } from '@syn/kit';
import { accountService } from './service';

runMain(accountService);
