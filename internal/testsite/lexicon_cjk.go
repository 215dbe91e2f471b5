package testsite

// Traditional Chinese and Japanese phrases of the text generator. Every
// string must be encodable in Big5 (Chinese) or Shift_JIS (Japanese); a test
// checks it.

// cjkPlace is a place name with its romanisation for slugs.
type cjkPlace struct{ name, slug string }

// cjkEvent is a headline suffix, its slug and a lead sentence (without the
// place and the final full stop).
type cjkEvent struct{ title, slug, lead string }

var zhPlaces = []cjkPlace{
	{"台北", "taipei"}, {"新北", "new-taipei"}, {"桃園", "taoyuan"}, {"台中", "taichung"},
	{"台南", "tainan"}, {"高雄", "kaohsiung"}, {"新竹", "hsinchu"}, {"花蓮", "hualien"},
	{"台東", "taitung"}, {"基隆", "keelung"},
}

var zhEvents = []cjkEvent{
	{"捷運新路線正式通車", "new-metro-line-opens", "捷運新路線今天正式通車，吸引大批民眾搭乘"},
	{"颱風警報解除", "typhoon-warning-lifted", "颱風警報今天上午解除，各地逐漸恢復正常"},
	{"夜市人潮回流", "night-market-crowds-return", "夜市人潮明顯回流，攤商生意比去年更好"},
	{"市府公布明年預算", "city-unveils-budget", "市政府公布明年的總預算，教育與交通經費都有增加"},
	{"半導體廠擴建計畫通過", "chip-plant-expansion-approved", "半導體廠擴建計畫通過審查，預計創造上千個工作機會"},
	{"觀光人數創新高", "tourism-hits-record", "今年觀光人數創下新高，飯店住房率大幅提升"},
	{"老街整修完工", "old-street-renovated", "老街整修工程完工，吸引許多遊客前往拍照"},
	{"地方選舉開跑", "local-election-begins", "地方選舉正式開跑，候選人積極拜票"},
	{"農產品外銷成長", "farm-exports-grow", "農產品外銷持續成長，農民收入跟著提高"},
	{"公車路線調整", "bus-routes-change", "公車路線下個月起調整，民眾搭車前應先查詢"},
	{"圖書館延長開放時間", "library-hours-extended", "市立圖書館延長開放時間，方便學生與上班族使用"},
	{"空氣品質明顯改善", "air-quality-improves", "空氣品質比去年同期明顯改善，專家認為與減少排放有關"},
}

var zhSentences = []string{
	"市政府今天表示，相關計畫將在下個月正式實施。",
	"許多民眾對這項政策表示支持，但也有人提出疑問。",
	"專家指出，這樣的變化反映了社會結構的轉變。",
	"根據最新統計，今年前三個月的數字明顯成長。",
	"官員強調，政府會持續關注後續發展。",
	"業者認為，景氣回溫將帶動更多消費。",
	"氣象單位提醒民眾，外出時要注意天氣變化。",
	"這項工程預計在年底前完成。",
	"議員在質詢時要求市府提出更完整的說明。",
	"當地居民希望交通問題能夠盡快改善。",
	"學者建議，政府應該加強與民間的溝通。",
	"活動吸引了大批遊客前往參觀。",
	"警方表示，案件仍在調查中。",
	"經濟部預估，明年出口將維持穩定成長。",
	"許多年輕人選擇回到家鄉創業。",
	"主辦單位表示，明年將擴大舉辦。",
	"醫師提醒，民眾應保持良好的生活習慣。",
	"這是十年來首次出現這樣的情況。",
}

var (
	zhAuthors  = []string{"王怡君", "陳志明", "林佳慧", "張家豪", "李美玲", "黃建國"}
	zhComments = []string{"說得很好，謝謝報導。", "希望政府認真處理這個問題。", "支持！", "這個消息太棒了。", "期待後續發展。"}
	zhTags     = []string{"交通", "經濟", "觀光", "選舉", "生活", "環境"}
)

var jaPlaces = []cjkPlace{
	{"東京", "tokyo"}, {"大阪", "osaka"}, {"京都", "kyoto"}, {"札幌", "sapporo"}, {"福岡", "fukuoka"},
	{"名古屋", "nagoya"}, {"横浜", "yokohama"}, {"神戸", "kobe"}, {"仙台", "sendai"}, {"広島", "hiroshima"},
}

var jaEvents = []cjkEvent{
	{"で新しい鉄道路線が開業", "new-rail-line-opens", "新しい鉄道路線が開業し、多くの利用者でにぎわいました"},
	{"で桜の開花を観測", "cherry-blossoms-bloom", "桜の開花が観測され、公園には花見客が集まりました"},
	{"の観光客が過去最多に", "record-tourist-numbers", "観光客の数が過去最多となり、ホテルの予約も増えています"},
	{"で大雨への警戒続く", "heavy-rain-warning", "大雨への警戒が続いており、住民に注意が呼びかけられています"},
	{"の企業が賃上げを発表", "companies-raise-wages", "地元の企業が相次いで賃上げを発表しました"},
	{"で防災訓練を実施", "disaster-drill-held", "大規模な防災訓練が行われ、多くの市民が参加しました"},
	{"で市長選挙が告示", "mayoral-election-called", "市長選挙が告示され、候補者が街頭で支持を訴えました"},
	{"で新型ロボットを公開", "new-robot-unveiled", "新型のロボットが公開され、来場者の注目を集めました"},
	{"の空港が国際線を増便", "airport-adds-flights", "空港が国際線の増便を決め、利用者の増加が期待されています"},
	{"で伝統の祭りが開催", "traditional-festival-held", "伝統の祭りが開催され、大勢の見物客でにぎわいました"},
	{"で図書館が新しく開館", "new-library-opens", "新しい図書館が開館し、初日から多くの家族連れが訪れました"},
	{"で子育て支援を拡充", "childcare-support-expanded", "子育て支援の拡充が決まり、若い世代から歓迎の声が上がっています"},
}

var jaSentences = []string{
	"政府は今日、新しい経済対策を発表しました。",
	"多くの専門家は、この計画が地域経済に良い影響を与えると見ています。",
	"東京都内では、朝から多くの人が駅に集まりました。",
	"気象庁によりますと、週末は全国的に雨が降る見込みです。",
	"会社の担当者は、詳しい原因を調べていると話しています。",
	"地元の住民からは、不安の声も上がっています。",
	"この取り組みは来年の春から始まる予定です。",
	"警察は、事故の詳しい状況を調べています。",
	"観光客の数は、去年の同じ時期と比べて大きく増えました。",
	"大臣は記者会見で、丁寧に説明していきたいと述べました。",
	"新しい駅の周辺では、商業施設の建設が進んでいます。",
	"調査の結果、若い世代の関心が高まっていることが分かりました。",
	"関係者は、今後も状況を注意深く見守るとしています。",
	"市民団体は、より透明な手続きを求めています。",
	"専門家は、早めの対策が必要だと指摘しています。",
}

var (
	jaAuthors  = []string{"佐藤健", "鈴木花子", "高橋誠", "田中美咲", "伊藤大輔", "渡辺由美"}
	jaComments = []string{"良い記事でした。", "続報を待っています。", "本当にそう思います。", "地元なので気になります。", "分かりやすい説明でした。"}
	jaTags     = []string{"交通", "経済", "観光", "選挙", "暮らし", "防災"}
)
