import { runMain } from '@syn/kit';
import { wordbookService } from './service';

runMain(wordbookService);
