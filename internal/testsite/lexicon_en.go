package testsite

// English word lists and phrases of the prose generator.

var (
	enSubjects = []string{"Officials", "The government", "Analysts", "Local residents", "The company",
		"Researchers", "Regulators", "Opposition leaders", "Economists", "Industry groups",
		"City planners", "Union representatives"}
	enPast = []string{"announced", "defended", "criticised", "unveiled", "questioned", "welcomed",
		"postponed", "approved", "rejected", "outlined", "revised", "endorsed"}
	enInf = []string{"reshape", "slow", "boost", "complicate", "delay", "strengthen", "undermine",
		"accelerate", "transform", "test"}
	enTails = []string{"on Tuesday", "earlier this week", "after months of talks",
		"despite growing criticism", "according to people familiar with the matter",
		"in a statement released late on Monday", "ahead of next month's deadline",
		"for the first time in a decade", "at a crowded news conference", "following a lengthy review"}
	enPeople = []string{"Maria Chen", "David Okafor", "Sofia Lindqvist", "James Whitaker", "Priya Raman",
		"Lukas Brandt", "Amara Nwosu", "Tomás Álvarez", "Hannah Brooks", "Kenji Mori"}
	enRoles = []string{"a senior analyst at Northbridge Capital", "a spokesperson for the ministry",
		"a professor of economics at Lakeside University", "the head of a local business association",
		"a former adviser to the prime minister", "a researcher at the Institute for Public Policy"}
	enQuotes = []string{"We have to get this right", "This is only the beginning",
		"Nobody expected the numbers to move this quickly", "The details still matter",
		"People want clear answers", "It is a difficult balance", "We will keep listening to everyone involved"}
	enEvents = []string{"weeks of public protests", "a sharp rise in costs", "an unexpected court ruling",
		"a series of leaked documents", "pressure from neighbouring countries", "a disappointing set of figures"}
	enConsequences = []string{"ordinary households", "small businesses", "the coming election",
		"long-term growth", "public trust", "the regional economy"}
	enAuthors = []string{"Claire Donovan", "Rafael Ortiz", "Emily Hart", "Samuel Greene", "Nadia Rahman",
		"Oliver Quinn", "Grace Liu", "Marcus Bell"}
	enComments = []string{"Great reporting, thanks.", "I am not convinced this will work.",
		"Finally some good news.", "Does anyone know when this takes effect?",
		"Same old story, different year.", "Well written and balanced."}
	commentUsers = []string{"reader42", "jlee", "old_hand", "n.patel", "citywatcher", "mk_2024",
		"sunny_day", "t.brown"}
	enLeadVerbs     = []string{"moved", "voted", "appeared ready", "were expected", "agreed", "threatened"}
	enHeadlineVerbs = []string{"approve", "reject", "weigh", "push for", "delay", "back", "question",
		"unveil", "revive", "scrap", "debate", "defend"}
)

// enTopic holds the vocabulary of one English section.
type enTopic struct {
	hlSubjects []string // plural subjects of headlines
	hlObjects  []string // short objects of headlines
	objects    []string // noun phrases used in sentences
	tags       []string
}

var enTopics = map[string]*enTopic{
	"world": {
		hlSubjects: []string{"Diplomats", "Leaders", "Ministers", "Voters", "Mediators", "Officials"},
		hlObjects: []string{"border deal", "aid package", "ceasefire plan", "visa rules", "climate pledge",
			"election date", "refugee quota"},
		objects: []string{"the proposed ceasefire", "new visa rules", "the regional trade pact",
			"emergency aid for flood victims", "the border agreement", "the climate pledge",
			"plans for early elections"},
		tags: []string{"Diplomacy", "Elections", "Climate", "Migration", "Europe", "Asia"},
	},
	"business": {
		hlSubjects: []string{"Investors", "Banks", "Retailers", "Shareholders", "Regulators", "Carmakers"},
		hlObjects: []string{"merger talks", "rate cut", "profit forecast", "import tax", "pay deal",
			"bond sale", "store closures"},
		objects: []string{"quarterly earnings", "the planned merger", "interest rate cuts",
			"the new tax on imports", "rising supply chain costs", "the bond sale", "a wage agreement"},
		tags: []string{"Markets", "Banking", "Retail", "Trade", "Economy", "Energy"},
	},
	"tech": {
		hlSubjects: []string{"Startups", "Engineers", "Regulators", "Chipmakers", "Developers", "Researchers"},
		hlObjects: []string{"chip rules", "AI guidelines", "phone update", "data centre plan", "privacy law",
			"satellite launch", "app store fees"},
		objects: []string{"the new chip design", "a software update for millions of phones",
			"data centre expansion plans", "rules for artificial intelligence", "the open-source project",
			"the privacy law", "a satellite internet service"},
		tags: []string{"AI", "Semiconductors", "Privacy", "Space", "Software", "Startups"},
	},
}

// enGenericTopic is used by sections without their own vocabulary.
var enGenericTopic = &enTopic{
	hlSubjects: []string{"Residents", "Officials", "Experts", "Volunteers", "Councillors", "Teachers"},
	hlObjects: []string{"park plan", "school budget", "housing project", "festival dates", "road repairs",
		"library hours"},
	objects: []string{"the new park plan", "the school budget", "a housing project near the river",
		"the festival programme", "long-delayed road repairs", "longer library hours"},
	tags: []string{"Community", "Housing", "Education", "Culture", "Transport"},
}
