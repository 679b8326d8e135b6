package solve

func SetNoTT(v bool) { noTT = v }
