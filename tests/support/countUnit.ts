import { countAssertions } from './assertionCount'

countAssertions('unit')
