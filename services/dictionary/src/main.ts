import { runMain } from '@syn/kit';
import { dictionaryService } from './service';

runMain(dictionaryService);
