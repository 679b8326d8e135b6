module github.com/preference-rules/pref

go 1.26.8
